package io.spate.db.files;

import io.spate.engine.target.SharedOutput;
import io.spate.engine.target.TaskSink;
import io.spate.protocol.error.RetriableException;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.util.function.LongConsumer;

/**
 * Files as a target, a worker's side: {@code file:///mnt/out} is this worker's mount of the
 * directory the job's coordinator opened ({@link FilesTarget}). The worker writes there only when
 * the directory's {@code .spate-job} names the job: the coordinator recorded it there before
 * publishing the first task, so a mount of another directory, of another share or of nothing at all
 * is refused before a file is written.
 */
public final class FilesOutput implements SharedOutput {

  @Override
  public boolean serves(String url) {
    return FilesUrl.isOne(url);
  }

  @Override
  public TaskSink join(
      String url, String jobId, String format, FillPlan plan, LongConsumer bytesWritten) {
    FilesUrl files = FilesUrl.parse(url);
    if (files.format() != null && !files.format().name().equals(format)) {
      throw new SpateException(
          "refusing to write: job "
              + jobId
              + " writes "
              + format
              + " files but "
              + url
              + " names format "
              + files.format().name());
    }
    Layout layout = new Layout(files.root(), FilesUrl.format(url, format), plan);
    String recorded;
    try {
      recorded = Files.isDirectory(files.root()) ? layout.recordedJob() : null;
    } catch (IOException e) {
      throw new RetriableException("reading " + files.root().resolve(Layout.JOB) + ": " + e, e);
    }
    if (!jobId.equals(recorded)) {
      throw new SpateException(
          "refusing to write: "
              + files.root()
              + (recorded == null
                  ? " holds no " + Layout.JOB
                  : "'s " + Layout.JOB + " names job " + recorded)
              + ", so it is not the directory the coordinator opened for job "
              + jobId
              + " (mount the directory the coordinator writes, and name that mount in this"
              + " worker's target)");
    }
    return new FileSink(layout, bytesWritten);
  }
}
