package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.plan.FillPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobRecordSizeTest {

  private static final JobMessage JOB =
      new JobMessage(
          Messages.VERSION,
          "j1",
          "default",
          new FillPlan(FillPlan.GENERATION_VERSION, 1, List.of(), List.of(), List.of()),
          JobMessage.State.RUNNING,
          null,
          1L);

  @Test
  void aRecordPastTheProducersLimitIsRefusedNamingItsSizeAndTheFix() {
    SpateException e =
        assertThrows(
            SpateException.class,
            () -> DistributedFill.requireFits(JOB, "spate.jobs", 1_048_577, 1_048_576));

    assertEquals(
        "job j1: its record for spate.jobs is 1048577 bytes, more than the producer's"
            + " max.request.size of 1048576 (0 table plans); fill fewer tables per job, or raise"
            + " max.request.size (--kafka-config) and the topic's max.message.bytes",
        e.getMessage());
    assertDoesNotThrow(() -> DistributedFill.requireFits(JOB, "spate.jobs", 1_048_576, 1_048_576));
  }
}
