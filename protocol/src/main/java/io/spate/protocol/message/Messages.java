package io.spate.protocol.message;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.spate.protocol.error.SpateException;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JSON encoding of the Kafka messages. One mapper, configured once and never mutated, so every
 * thread shares it (Jackson's readers and writers are immutable and thread-safe once built).
 *
 * <p>Decoding reads the version field {@code v} before anything else, so a message from an
 * incompatible Spate is refused with a message that says which side to upgrade, never half-read.
 * Fields a reader does not know are ignored: that is what lets a {@code 2.1} writer talk to a
 * {@code 2.0} reader. A decoded message is then held to its rules ({@code MessageRules}), so no
 * reader ever sees a job without id or a task whose range is reversed. Encoding is deterministic:
 * record components in declaration order, map entries by key, so the same message always gives the
 * same bytes.
 */
public final class Messages {

  /**
   * The protocol version this Spate writes, {@code major.minor}; it reads any {@code 3.x}. 2.0:
   * plans carry new column, check and reference kinds (partitions, second passes, length and
   * pattern checks) that a 1.x reader could not decode. 3.0: a plan carries its tasks as runs
   * ({@code taskRuns}), no longer one by one ({@code tasks}), so a job's record does not grow with
   * its tasks; a 2.x reader would find no task in it. 4.0: a job's record writes each repeated
   * array once ({@code SharedArrays}), where a 3.x reader would find objects for arrays.
   */
  public static final String VERSION = "4.0";

  private static final int MAJOR = 4;
  private static final Pattern VERSION_FORMAT = Pattern.compile("(\\d{1,9})\\.\\d{1,9}");

  /**
   * The mapper. A reader prepares its deserializers on its first decode, not when built: those of a
   * job (the whole plan model) take tens of milliseconds, which a local fill, that only encodes its
   * job id's JSON, never needs.
   */
  private static final JsonMapper MAPPER =
      JsonMapper.builder()
          .disable(DeserializationFeature.EAGER_DESERIALIZER_FETCH)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
          .build();

  private static final ObjectWriter WRITER = MAPPER.writer();
  private static final ObjectReader JOB_READER = MAPPER.readerFor(JobMessage.class);
  private static final ObjectReader TASK_READER = MAPPER.readerFor(TaskMessage.class);
  private static final ObjectReader EVENT_READER = MAPPER.readerFor(EventMessage.class);

  /** Who reads and who writes each kind of message, for the upgrade hint. */
  private enum Kind {
    JOB("job", "worker", "coordinator"),
    TASK("task", "worker", "coordinator"),
    EVENT("event", "coordinator", "worker");

    final String label;
    final String reader;
    final String writer;

    Kind(String label, String reader, String writer) {
      this.label = label;
      this.reader = reader;
      this.writer = writer;
    }
  }

  private Messages() {}

  /**
   * The message as UTF-8 JSON, a job's with each repeated array written once ({@link
   * SharedArrays}). The caller sets its {@code v}, normally to {@link #VERSION}.
   */
  public static byte[] encode(Object message) {
    Objects.requireNonNull(message, "message");
    try {
      if (message instanceof JobMessage) {
        ObjectNode tree = MAPPER.valueToTree(message);
        SharedArrays.share(tree);
        return WRITER.writeValueAsBytes(tree);
      }
      return WRITER.writeValueAsBytes(message);
    } catch (JsonProcessingException e) {
      throw new SpateException(
          "cannot encode " + message.getClass().getSimpleName() + ": " + e.getOriginalMessage(), e);
    }
  }

  /** Writes the message as UTF-8 JSON to {@code out}, as {@link #encode} would return it. */
  public static void encode(Object message, OutputStream out) throws IOException {
    Objects.requireNonNull(message, "message");
    if (message instanceof JobMessage) {
      out.write(encode(message));
      return;
    }
    WRITER.writeValue(out, message);
  }

  /**
   * The job the bytes hold.
   *
   * @throws UnsupportedMessageException when they are not a job this Spate can read, or (as {@link
   *     InvalidMessageException}) one that breaks a rule ({@code MessageRules})
   */
  public static JobMessage decodeJob(byte[] bytes) {
    JobMessage job = decode(bytes, Kind.JOB, JOB_READER);
    return valid(Kind.JOB, job, MessageRules.problems(job));
  }

  /** Like {@link #decodeJob}, for a task. */
  public static TaskMessage decodeTask(byte[] bytes) {
    TaskMessage task = decode(bytes, Kind.TASK, TASK_READER);
    return valid(Kind.TASK, task, MessageRules.problems(task));
  }

  /** Like {@link #decodeJob}, for an event. */
  public static EventMessage decodeEvent(byte[] bytes) {
    EventMessage event = decode(bytes, Kind.EVENT, EVENT_READER);
    return valid(Kind.EVENT, event, MessageRules.problems(event));
  }

  private static <T> T valid(Kind kind, T message, List<String> problems) {
    if (!problems.isEmpty()) {
      throw new InvalidMessageException(
          kind.label + " message is invalid: " + String.join(", ", problems));
    }
    return message;
  }

  private static <T> T decode(byte[] bytes, Kind kind, ObjectReader reader) {
    if (bytes == null || bytes.length == 0) {
      throw new UnsupportedMessageException(kind.label + " message is empty");
    }
    JsonNode tree;
    try {
      tree = MAPPER.readTree(bytes);
    } catch (IOException e) {
      throw malformed(kind, e);
    }
    if (tree == null || !tree.isObject()) {
      throw new UnsupportedMessageException(kind.label + " message is not a JSON object");
    }
    checkVersion(kind, tree.get("v"));
    try {
      if (kind == Kind.JOB) {
        SharedArrays.restore((ObjectNode) tree);
      }
      return reader.readValue(tree);
    } catch (IllegalArgumentException e) {
      throw new UnsupportedMessageException(
          kind.label + " message is malformed: " + e.getMessage());
    } catch (IOException e) {
      throw malformed(kind, e);
    }
  }

  private static void checkVersion(Kind kind, JsonNode v) {
    String speaks = "this Spate speaks " + MAJOR + ".x";
    if (v == null || v.isNull()) {
      throw new UnsupportedMessageException(
          kind.label + " message has no version (field v); " + speaks);
    }
    Matcher m = VERSION_FORMAT.matcher(v.isTextual() ? v.textValue() : "");
    if (!m.matches()) {
      throw new UnsupportedMessageException(
          kind.label + " message version " + v + " is not a \"major.minor\" string; " + speaks);
    }
    int major = Integer.parseInt(m.group(1));
    if (major != MAJOR) {
      String hint =
          major > MAJOR
              ? "upgrade the " + kind.reader
              : "it was written by an older " + kind.writer + "; upgrade the " + kind.writer;
      throw new UnsupportedMessageException(
          kind.label
              + " message version "
              + v.textValue()
              + " is not supported by this Spate (speaks "
              + MAJOR
              + ".x); "
              + hint);
    }
  }

  private static UnsupportedMessageException malformed(Kind kind, IOException e) {
    return new UnsupportedMessageException(
        kind.label + " message is malformed" + where(e) + ": " + reason(e), e);
  }

  /**
   * Where in the message it went wrong: the field path for a mapping error, the position for a
   * parse error.
   */
  private static String where(IOException e) {
    if (e instanceof JsonMappingException d && !d.getPath().isEmpty()) {
      StringBuilder path = new StringBuilder();
      for (var ref : d.getPath()) {
        if (ref.getFieldName() != null) {
          path.append(path.isEmpty() ? "" : ".").append(ref.getFieldName());
        } else if (ref.getIndex() >= 0) {
          path.append('[').append(ref.getIndex()).append(']');
        }
      }
      return path.isEmpty() ? "" : " at " + path;
    }
    if (e instanceof JacksonException j) {
      JsonLocation at = j.getLocation();
      if (at != null && at.getColumnNr() > 0) {
        return " at line " + at.getLineNr() + ", column " + at.getColumnNr();
      }
    }
    return "";
  }

  /**
   * Jackson's reason without its location and source excerpt; a failed constructor check as itself.
   */
  private static String reason(IOException e) {
    if (e instanceof ValueInstantiationException
        && e.getCause() != null
        && e.getCause().getMessage() != null) {
      return e.getCause().getMessage();
    }
    return e instanceof JacksonException j
        ? j.getOriginalMessage()
        : String.valueOf(e.getMessage());
  }
}
