package io.spate.protocol.message;

import java.util.ArrayList;
import java.util.List;

/**
 * The rules a decoded message must keep before any reader sees it, in one place: required fields
 * present, ranges the right way round, counts not negative. {@link Messages}' decode methods apply
 * them, so a record that breaks one is refused like a malformed one and never reaches a reader as a
 * half-filled record (a job without id, a task without table).
 *
 * <p>Only what a single message can tell is checked here; whether a task's table is in its job's
 * plan is the reader's to decide, since the two arrive on different topics.
 */
final class MessageRules {

  private MessageRules() {}

  /** Every rule the job breaks, empty when it keeps them all. */
  static List<String> problems(JobMessage job) {
    Problems p = new Problems();
    p.required("jobId", job.jobId());
    p.required("target", job.target());
    p.required("plan", job.plan());
    p.required("state", job.state());
    p.atLeast("submittedAtMillis", job.submittedAtMillis(), 0);
    return p.found;
  }

  static List<String> problems(TaskMessage task) {
    Problems p = new Problems();
    p.required("jobId", task.jobId());
    p.required("taskId", task.taskId());
    p.required("table", task.table());
    p.atLeast("start", task.start(), 0);
    if (task.start() > task.end()) {
      p.found.add("start must be <= end, got [" + task.start() + "," + task.end() + ")");
    }
    p.atLeast("attempt", task.attempt(), 1);
    return p.found;
  }

  static List<String> problems(EventMessage event) {
    Problems p = new Problems();
    p.required("jobId", event.jobId());
    p.required("taskId", event.taskId());
    p.required("table", event.table());
    p.required("type", event.type());
    p.atLeast("rows", event.rows(), 0);
    p.atLeast("durationMillis", event.durationMillis(), 0);
    p.atLeast("attempt", event.attempt(), 1);
    return p.found;
  }

  /** The problems of one message, in field order. */
  private static final class Problems {
    final List<String> found = new ArrayList<>();

    void required(String field, Object value) {
      if (value == null || (value instanceof String s && s.isBlank())) {
        found.add(field + " is missing");
      }
    }

    void atLeast(String field, long value, long min) {
      if (value < min) {
        found.add(field + " must be >= " + min + ", got " + value);
      }
    }
  }
}
