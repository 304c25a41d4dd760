package io.spate.db.files;

import io.spate.engine.generate.SlotCursor;
import io.spate.engine.generate.TableEngine;
import io.spate.engine.target.TaskLedger;
import io.spate.engine.target.TaskSink;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.UUID;
import java.util.function.LongConsumer;

/**
 * Writes each task's rows to a file of its own in its table's directory ({@link Layout}): first
 * under a hidden temporary name, then, once complete and on disk, linked to its final name, which
 * fails if the name exists (on a file system without hard links, renamed to it atomically). The
 * final file appearing is the task's ledger entry: a task is finished exactly when its file is
 * there, a killed writer leaves only a hidden temporary file (which a resume deletes), and of two
 * executions of one task the second finds the name taken and is skipped, so one file remains.
 *
 * <p>A joint group's rows all go to the leader's task; files hold one table's rows each, so a file
 * target plans no joint groups (its plans write every reference in the insert).
 */
final class FileSink implements TaskSink {

  /** The rows a file takes at once from the generators before they are written out. */
  static final int CHUNK_BYTES = 256 * 1024;

  private final Layout output;
  private final LongConsumer bytesWritten;

  FileSink(Layout output, LongConsumer bytesWritten) {
    this.output = output;
    this.bytesWritten = bytesWritten;
  }

  @Override
  public Optional<TaskLedger.Finished> finished(String jobId, String taskId) {
    Path file = output.file(output.task(taskId));
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(new TaskLedger.Finished(output.format().rows(file), "", 0));
    } catch (IOException e) {
      throw new SpateException("reading the rows of " + file + ": " + e.getMessage(), e);
    }
  }

  @Override
  public boolean commitMayHaveTaken(RuntimeException e) {
    return false; // a link either happened or did not, and says which
  }

  @Override
  public Unit begin(String jobId, Task task, TablePlan plan) {
    if (!plan.joint().isEmpty() || plan.secondPass()) {
      throw new SpateException(
          "task "
              + task
              + ": a file holds one table's inserted rows, but the plan writes "
              + (plan.secondPass() ? "a second pass" : "a joint group")
              + "; plan for a file target");
    }
    return new TaskFile(task);
  }

  /** One attempt's file, under its temporary name until committed. */
  private final class TaskFile implements Unit {
    private final Task task;
    private final Path file;
    private final Path temporary;
    private FileFormat.Rows rows;
    private boolean committed;

    TaskFile(Task task) {
      this.task = task;
      this.file = output.file(task);
      this.temporary =
          file.resolveSibling("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
    }

    @Override
    public long write(TableEngine table, Task range, LongConsumer progress) {
      try {
        rows = output.format().create(temporary, table);
        SlotCursor cursor = new SlotCursor(range.start(), range.end());
        long written = 0;
        while (!cursor.done()) {
          if (Thread.currentThread().isInterrupted()) {
            throw new SpateException("task " + task + " cancelled after " + written + " rows");
          }
          int filled = table.fill(cursor, rows.writer(), CHUNK_BYTES);
          bytesWritten.accept(rows.drain());
          written += filled;
          progress.accept(filled);
        }
        return written;
      } catch (IOException e) {
        throw failure("writing " + temporary, e);
      }
    }

    @Override
    public void commit(String workerId, int attempt, long count) {
      try {
        rows.finish();
        rows.close();
        try {
          Files.createLink(file, temporary);
          committed = true;
          Files.delete(temporary);
        } catch (FileAlreadyExistsException e) {
          throw new TaskLedger.AlreadyDoneException("", task.id());
        } catch (UnsupportedOperationException | FileSystemException e) {
          moveInto(); // a file system without hard links
        }
      } catch (IOException e) {
        throw failure("completing " + file, e);
      }
    }

    /**
     * The commit where links are not to be had: an atomic rename, which replaces a file another
     * execution completed meanwhile; both hold the same bytes, so what remains is the same.
     */
    private void moveInto() throws IOException {
      if (Files.exists(file)) {
        throw new TaskLedger.AlreadyDoneException("", task.id());
      }
      Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
      committed = true;
    }

    @Override
    public void close() {
      try {
        if (rows != null) {
          rows.close();
        }
        Files.deleteIfExists(temporary);
      } catch (IOException e) {
        if (!committed) {
          throw failure("deleting " + temporary, e);
        }
      }
    }

    private SpateException failure(String what, IOException e) {
      return new SpateException("task " + task + " - " + what + " failed: " + e, e);
    }
  }
}
