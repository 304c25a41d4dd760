package io.spate.db.files;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.spate.core.target.OutputTarget;
import io.spate.core.target.TargetTables;
import io.spate.engine.target.TaskSink;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.stream.Stream;

/**
 * A directory of files a fill owns while it runs, laid out as {@link Layout} says, with a {@code
 * _manifest.json} per table once it is full. At the top: {@code .spate-lock}, held locked by the
 * fill ({@link FileChannel#lock}: the system frees it when the process dies, so no crash leaves the
 * directory claimed), and {@code .spate-job}, the job whose files these are, which a resume must
 * match and workers writing the directory from other hosts check.
 *
 * <p>Spate deletes only what it names so: part files of the planned tables, their temporary files,
 * their manifests.
 */
final class OutputDirectory implements OutputTarget.Opened {

  private static final String LOCK = ".spate-lock";
  private static final String MANIFEST = "_manifest.json";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Layout layout;
  private final Path root;
  private final FileFormat format;
  private final FillPlan plan;
  private final String planDigest;
  private final String jobId;

  /** The job was named by its coordinator: resuming it needs its own {@code .spate-job}. */
  private final boolean joined;

  private final FileChannel lockChannel;
  private final FileLock lock;
  private final int done;

  private OutputDirectory(
      Path root,
      FileFormat format,
      FillPlan plan,
      String planDigest,
      String jobId,
      TargetTables.Start start,
      Consumer<String> notes)
      throws IOException {
    this.layout = new Layout(root, format, plan);
    this.root = root;
    this.format = format;
    this.plan = plan;
    this.planDigest = planDigest;
    this.jobId = jobId != null ? jobId : jobId(planDigest, root, format);
    this.joined = jobId != null;
    Files.createDirectories(root);
    this.lockChannel =
        FileChannel.open(root.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    this.lock = tryLock(lockChannel);
    if (lock == null) {
      lockChannel.close();
      throw new SpateException(
          "another fill is writing " + root + " (it holds " + root.resolve(LOCK) + ")");
    }
    try {
      this.done = prepare(start, notes);
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
  }

  /** The lock, or null when another process or a fill of this one holds it. */
  private static FileLock tryLock(FileChannel channel) throws IOException {
    try {
      return channel.tryLock();
    } catch (OverlappingFileLockException e) {
      return null;
    }
  }

  /**
   * Claims {@code root} and makes it ready for the fill as {@code start} says.
   *
   * @param jobId the job the files are written for, or null for the one a local fill of the plan
   *     into {@code root} has ({@link #jobId(String, Path, FileFormat)})
   */
  static OutputDirectory open(
      Path root,
      FileFormat format,
      FillPlan plan,
      String planDigest,
      String jobId,
      TargetTables.Start start,
      Consumer<String> notes) {
    try {
      return new OutputDirectory(root, format, plan, planDigest, jobId, start, notes);
    } catch (IOException e) {
      throw new SpateException("cannot prepare " + root + ": " + e, e);
    }
  }

  /**
   * The job id of a fill of the plan with {@code planDigest} into {@code root}: the same plan,
   * place and format, the same job, which a resume finishes.
   */
  static String jobId(String planDigest, Path root, FileFormat format) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(
          (planDigest + "\n" + root + "\n" + format.name()).getBytes(StandardCharsets.UTF_8));
      return "files-" + HexFormat.of().formatHex(sha.digest(), 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }

  /** Checks or empties the tables' directories; returns the tasks already written (a resume). */
  private int prepare(TargetTables.Start start, Consumer<String> notes) throws IOException {
    String recorded = layout.recordedJob();
    List<Path> ours = new ArrayList<>();
    for (TablePlan t : written()) {
      Path directory = layout.directory(t.name());
      if (Files.isDirectory(directory)) {
        try (Stream<Path> files = Files.list(directory)) {
          files.filter(this::ours).forEach(ours::add);
        }
      }
    }
    List<Path> parts = ours.stream().filter(p -> !hidden(p)).toList();
    switch (start) {
      case EMPTY -> {
        if (!parts.isEmpty()) {
          throw new SpateException(
              root
                  + " already holds "
                  + parts.size()
                  + " files of the planned tables, such as "
                  + parts.getFirst()
                  + ": --truncate deletes them first, --resume finishes the fill that wrote them");
        }
      }
      case TRUNCATE -> {
        for (Path p : ours) {
          Files.delete(p);
        }
        if (!ours.isEmpty()) {
          notes.accept("deleted " + parts.size() + " files of the planned tables in " + root);
        }
      }
      case RESUME -> {
        if ((!parts.isEmpty() || joined) && !jobId.equals(recorded)) {
          throw new SpateException(
              root
                  + " holds the files of another fill (job "
                  + recorded
                  + ", this one is "
                  + jobId
                  + ": another schema, config, seed or format); --truncate replaces them");
        }
        for (Path p : ours) {
          if (hidden(p)) {
            Files.delete(p); // an interrupted task's temporary file
          }
        }
      }
    }
    for (TablePlan t : written()) {
      Files.createDirectories(layout.directory(t.name()));
    }
    write(root.resolve(Layout.JOB), jobId + "\n");
    long finished = plan.tasks().stream().filter(t -> Files.exists(file(t))).count();
    return (int) finished;
  }

  private List<TablePlan> written() {
    return plan.tables().stream().filter(t -> t.rows() > 0).toList();
  }

  /** A file this directory's fills write: a part, its temporary form, or a manifest. */
  private boolean ours(Path p) {
    String name = p.getFileName().toString();
    return name.equals(MANIFEST)
        || name.startsWith("part-") && name.endsWith(format.extension())
        || name.startsWith(".part-") && name.endsWith(".tmp");
  }

  private static boolean hidden(Path p) {
    return p.getFileName().toString().startsWith(".");
  }

  /** Where the rows of {@code task} go. */
  Path file(Task task) {
    return layout.file(task);
  }

  @Override
  public String jobId() {
    return jobId;
  }

  @Override
  public int done() {
    return done;
  }

  @Override
  public TaskSink sink(LongConsumer bytesWritten) {
    return new FileSink(layout, bytesWritten);
  }

  /** One file of a manifest. */
  record ManifestFile(String file, long rows, long bytes) {}

  /** What {@code _manifest.json} says of a full table. */
  record Manifest(
      String table,
      String format,
      long rows,
      List<String> columns,
      List<ManifestFile> files,
      String jobId,
      String planDigest,
      int generationVersion,
      long seed) {}

  /**
   * Deletes the temporary files left in {@code table}'s directory by writers that died mid-task
   * (workers killed on other hosts; a local fill's are deleted by its resume). Once the table is
   * full, a writer still at work on one of its tasks is a second execution of a task done already,
   * whose file could never be linked: it fails, and its task stays done.
   */
  private void deleteLeftovers(TablePlan table) throws IOException {
    try (Stream<Path> files = Files.list(layout.directory(table.name()))) {
      for (Path p : files.filter(f -> hidden(f) && ours(f)).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  @Override
  public long finish(TablePlan table) {
    try {
      deleteLeftovers(table);
      List<ManifestFile> files = new ArrayList<>();
      long rows = 0;
      for (Task task : plan.tasks()) {
        if (task.table().equals(table.name())) {
          Path file = file(task);
          long count = format.rows(file);
          files.add(new ManifestFile(file.getFileName().toString(), count, Files.size(file)));
          rows += count;
        }
      }
      Manifest manifest =
          new Manifest(
              table.name(),
              format.name(),
              rows,
              table.writtenColumns().stream().map(ColumnPlan::column).toList(),
              files,
              jobId,
              planDigest,
              plan.generationVersion(),
              plan.seed());
      write(layout.directory(table.name()).resolve(MANIFEST), JSON.writeValueAsString(manifest));
      return rows;
    } catch (IOException e) {
      throw new SpateException("writing the manifest of " + table.name() + ": " + e, e);
    }
  }

  /** Writes {@code text} to {@code file} whole or not at all (a temporary file, then a move). */
  private static void write(Path file, String text) throws IOException {
    Path temporary = file.resolveSibling("." + file.getFileName() + ".tmp");
    Files.writeString(temporary, text);
    Files.move(
        temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  @Override
  public String describe() {
    return root + " (" + format.name() + ")";
  }

  @Override
  public void close() {
    try {
      if (lock != null && lock.isValid()) {
        lock.release();
      }
      lockChannel.close();
    } catch (IOException e) {
      throw new SpateException("releasing " + root.resolve(LOCK) + ": " + e, e);
    }
  }
}
