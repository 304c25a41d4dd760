package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.Planner;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

  /**
   * Columns alike share their pools (a person's names, free text, amounts), and the record writes
   * each shared list once: 400 tables of people and things, up to 1,000 values a pool, fit Kafka's
   * default 1 MiB (about 2.2 kB a table of schema and column plans, 81 kB of pools), where listing
   * every column's pool took 9.2 MB at 200 tables.
   */
  @Test
  void aJobOfManyTablesWhoseColumnsAreAlikeFitsOneDefaultRecord() {
    FillPlan plan = peopleAndThings(400);
    JobMessage job =
        new JobMessage(Messages.VERSION, "j1", "default", plan, JobMessage.State.RUNNING, null, 1L);

    byte[] record = Messages.encode(job);

    assertTrue(record.length < 1_048_576, record.length + " bytes");
    assertEquals(job, Messages.decodeJob(record));
  }

  /**
   * A plan of {@code n} tables, half people (a name and an e-mail), half things (a title and a
   * description), each with an amount: columns alike, so they share their pools.
   */
  static FillPlan peopleAndThings(int n) {
    List<Table> tables = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      List<Column> columns = new ArrayList<>();
      columns.add(Column.of("id", SqlType.BIGINT).with(false, -1));
      columns.add(text(i % 2 == 0 ? "name" : "title", 64));
      columns.add(text(i % 2 == 0 ? "email" : "description", 255));
      columns.add(
          new Column(
              "amount", SqlType.NUMERIC, "numeric(12,2)", -1, 12, 2, true, false, false, null));
      tables.add(
          new Table(
              Table.DEFAULT_SCHEMA,
              "t" + i,
              columns,
              new UniqueKey("t" + i + "_pkey", List.of("id"), true),
              List.of(),
              List.of(),
              List.of()));
    }
    return Planner.plan(
        new Schema(tables), FillSettings.of(FillConfig.EMPTY, 7L, 1000L, null, Map.of()));
  }

  private static Column text(String name, int length) {
    String type = "character varying(" + length + ")";
    return new Column(name, SqlType.VARCHAR, type, length, -1, -1, true, false, false, null);
  }
}
