package io.spate.db.files;

import io.spate.core.target.OutputTarget;
import io.spate.core.target.TargetTables;
import io.spate.protocol.plan.FillPlan;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Files as a target, the coordinator's side: {@code file:DIR?format=csv} ({@code format} csv by
 * default). See {@link OutputDirectory} for the layout and {@link FileSink} for how each task's
 * file appears once; {@link FilesOutput} is the worker's side.
 */
public final class FilesTarget implements OutputTarget {

  /** The URL of the directory {@code dir} written in {@code format}. */
  public static String url(Path dir, String format) {
    return FilesUrl.of(dir, format);
  }

  @Override
  public boolean serves(String url) {
    return FilesUrl.isOne(url);
  }

  @Override
  public String format(String url) {
    FileFormat format = FilesUrl.parse(url).format();
    return format == null ? "csv" : format.name();
  }

  @Override
  public Opened open(
      String url,
      FillPlan plan,
      String planDigest,
      String jobId,
      TargetTables.Start start,
      Consumer<String> notes) {
    FilesUrl files = FilesUrl.parse(url);
    FileFormat format = files.format() == null ? new CsvFormat() : files.format();
    return OutputDirectory.open(files.root(), format, plan, planDigest, jobId, start, notes);
  }
}
