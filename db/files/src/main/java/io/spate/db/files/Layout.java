package io.spate.db.files;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Where a plan's files go under a root: one directory per table ({@link #directory}), one file per
 * task ({@link #file}: {@code part-<first slot>.csv}, its first slot zero-padded so names sort in
 * row order), and at the top {@code .spate-job}, the job whose files these are. The coordinator's
 * {@link OutputDirectory} and every worker's mount of it compute the same names from the plan.
 */
final class Layout {

  static final String JOB = ".spate-job";

  private final Path root;
  private final FileFormat format;
  private final Map<String, Task> tasks;
  private final Map<String, Path> directories;

  Layout(Path root, FileFormat format, FillPlan plan) {
    this.root = root;
    this.format = format;
    this.tasks = plan.tasks().stream().collect(Collectors.toMap(Task::id, t -> t));
    this.directories = directories(plan, root);
  }

  /**
   * Each planned table's directory: its name, or where two schemas each hold a table of that name,
   * {@code schema.name}.
   */
  private static Map<String, Path> directories(FillPlan plan, Path root) {
    Map<String, Long> named =
        plan.tables().stream()
            .collect(Collectors.groupingBy(t -> t.table().name(), Collectors.counting()));
    Map<String, Path> directories = new HashMap<>();
    for (TablePlan t : plan.tables()) {
      String name =
          named.get(t.table().name()) > 1
              ? t.table().schema() + "." + t.table().name()
              : t.table().name();
      directories.put(t.name(), root.resolve(name));
    }
    return directories;
  }

  Path root() {
    return root;
  }

  FileFormat format() {
    return format;
  }

  Path directory(String table) {
    return directories.get(table);
  }

  Task task(String taskId) {
    Task task = tasks.get(taskId);
    if (task == null) {
      throw new SpateException("task " + taskId + " is not in the plan of " + root);
    }
    return task;
  }

  /** Where the rows of {@code task} go. */
  Path file(Task task) {
    return directories
        .get(task.table())
        .resolve(String.format("part-%012d%s", task.start(), format.extension()));
  }

  /** The job {@code .spate-job} names, or null when there is none. */
  String recordedJob() throws IOException {
    try {
      return Files.readString(root.resolve(JOB)).strip();
    } catch (NoSuchFileException e) {
      return null;
    }
  }
}
