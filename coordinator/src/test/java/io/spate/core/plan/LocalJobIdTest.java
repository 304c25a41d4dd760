package io.spate.core.plan;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.local.LocalFill;
import io.spate.protocol.message.Messages;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TargetIdentity;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class LocalJobIdTest {

  /**
   * A local job id digests the plan's JSON as it was when plans listed every task, so the ledgers
   * of fills made before plans held task runs still match.
   */
  @Test
  void theJobIdIsTheDigestOfThePlanWithItsTasksListed() throws Exception {
    FillPlan plan =
        Planner.plan(
            TpccSchema.schema(),
            FillSettings.of(TpccSchema.specConfig(), null, null, 7_000L, Map.of()));
    String json = new String(Messages.encode(plan), UTF_8);
    int runs = json.lastIndexOf(",\"taskRuns\":[");
    assertTrue(runs > 0 && json.endsWith("]}"), json);
    String listed =
        json.substring(0, runs)
            + ",\"tasks\":["
            + plan.tasks().stream()
                .map(
                    t ->
                        "{\"table\":\""
                            + t.table()
                            + "\",\"start\":"
                            + t.start()
                            + ",\"end\":"
                            + t.end()
                            + "}")
                .collect(Collectors.joining(","))
            + "]}";

    byte[] digest = MessageDigest.getInstance("SHA-256").digest(listed.getBytes(UTF_8));

    assertEquals("local-" + HexFormat.of().formatHex(digest, 0, 6), LocalFill.planDigest(plan));
  }

  @Test
  void theSamePlanIntoTwoDatabasesIsTwoJobsAndIntoOneTheSameJob() {
    FillPlan plan =
        Planner.plan(
            TpccSchema.schema(),
            FillSettings.of(TpccSchema.specConfig(), null, null, 7_000L, Map.of()));
    TargetIdentity a = new TargetIdentity(7L, 0, "shop_a", "f1");
    TargetIdentity b = new TargetIdentity(7L, 0, "shop_b", "f1");
    TargetIdentity otherServer = new TargetIdentity(8L, 0, "shop_a", "f1");
    TargetIdentity aChanged = new TargetIdentity(7L, 0, "shop_a", "f2");

    assertNotEquals(LocalFill.jobId(plan, a), LocalFill.jobId(plan, b));
    assertNotEquals(LocalFill.jobId(plan, a), LocalFill.jobId(plan, otherServer));
    assertEquals(LocalFill.jobId(plan, a), LocalFill.jobId(plan, aChanged), "tables may change");
    assertTrue(LocalFill.jobId(plan, a).startsWith("local-"));
  }
}
