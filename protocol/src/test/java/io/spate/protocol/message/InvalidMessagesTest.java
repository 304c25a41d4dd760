package io.spate.protocol.message;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/**
 * A message of the right version and shape that breaks a rule is refused as invalid, naming every
 * rule it breaks, and never reaches a reader half-filled.
 */
class InvalidMessagesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static byte[] bytes(String json) {
    return json.getBytes(UTF_8);
  }

  @Test
  void aJobWithNothingButItsVersionIsInvalidNamingEveryMissingField() {
    InvalidMessageException e =
        assertThrows(
            InvalidMessageException.class, () -> Messages.decodeJob(bytes("{\"v\":\"4.0\"}")));

    assertEquals(
        "job message is invalid: jobId is missing, target is missing, plan is missing, state is"
            + " missing",
        e.getMessage());
  }

  @Test
  void aTaskWithNothingButItsVersionIsInvalid() {
    InvalidMessageException e =
        assertThrows(
            InvalidMessageException.class, () -> Messages.decodeTask(bytes("{\"v\":\"4.0\"}")));

    assertEquals(
        "task message is invalid: jobId is missing, taskId is missing, table is missing, attempt"
            + " must be >= 1, got 0",
        e.getMessage());
  }

  @Test
  void anEventWithNothingButItsVersionIsInvalid() {
    InvalidMessageException e =
        assertThrows(
            InvalidMessageException.class, () -> Messages.decodeEvent(bytes("{\"v\":\"4.0\"}")));

    assertEquals(
        "event message is invalid: jobId is missing, taskId is missing, table is missing, type is"
            + " missing, attempt must be >= 1, got 0",
        e.getMessage());
  }

  @Test
  void aTaskWhoseRangeIsReversedOrNegativeIsInvalid() {
    byte[] reversed =
        Messages.encode(new TaskMessage(Messages.VERSION, "7f3a", "t[5,2)", "t", 5, 2, 1));
    byte[] negative =
        Messages.encode(new TaskMessage(Messages.VERSION, "7f3a", "t[-1,2)", "t", -1, 2, 1));

    assertEquals(
        "task message is invalid: start must be <= end, got [5,2)",
        assertThrows(InvalidMessageException.class, () -> Messages.decodeTask(reversed))
            .getMessage());
    assertEquals(
        "task message is invalid: start must be >= 0, got -1",
        assertThrows(InvalidMessageException.class, () -> Messages.decodeTask(negative))
            .getMessage());
  }

  @Test
  void anEventWithNegativeRowsOrABlankJobIsInvalid() {
    byte[] bytes =
        Messages.encode(
            new EventMessage(
                Messages.VERSION,
                " ",
                "t[0,10)",
                "t",
                EventMessage.Type.PROGRESSED,
                -3,
                5,
                "w-1",
                1,
                null,
                false));

    InvalidMessageException e =
        assertThrows(InvalidMessageException.class, () -> Messages.decodeEvent(bytes));

    assertEquals(
        "event message is invalid: jobId is missing, rows must be >= 0, got -3", e.getMessage());
  }

  @Test
  void aJobWithoutStateIsInvalidAndStillAnUnsupportedMessageForReadersThatSkipThose()
      throws Exception {
    ObjectNode tree = (ObjectNode) JSON.readTree(Messages.encode(MessagesTest.job()));
    tree.remove("state");

    UnsupportedMessageException e =
        assertThrows(
            UnsupportedMessageException.class,
            () -> Messages.decodeJob(JSON.writeValueAsBytes(tree)));

    assertEquals(InvalidMessageException.class, e.getClass());
    assertEquals("job message is invalid: state is missing", e.getMessage());
  }

  @Test
  void bytesThatAreNotJsonAreUnsupportedNotInvalid() {
    UnsupportedMessageException e =
        assertThrows(
            UnsupportedMessageException.class, () -> Messages.decodeTask(bytes("not json at all")));

    assertEquals(UnsupportedMessageException.class, e.getClass());
  }
}
