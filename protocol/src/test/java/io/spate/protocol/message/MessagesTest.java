package io.spate.protocol.message;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.Fanout;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.KeyFormat;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.TargetIdentity;
import io.spate.protocol.plan.Task;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The wire contract: a job survives encode/decode exactly, unknown fields and newer minors are
 * read, other majors are refused with a message that says what to do.
 */
class MessagesTest {

  /** Only for inspecting the produced JSON; the code under test has its own mapper. */
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * A warehouse (root, no fanout, composite unique key, no CHECK), a district with a fixed 10 per
   * warehouse, and an order line with a ranged 5..15 per district that uses every column plan,
   * check and reference pick kind.
   */
  static JobMessage job() {
    Table warehouse =
        new Table(
            "public",
            "warehouse",
            List.of(
                new Column(
                    "w_id", SqlType.INTEGER, "integer", -1, -1, -1, false, false, false, null),
                new Column(
                    "w_name",
                    SqlType.VARCHAR,
                    "character varying(10)",
                    10,
                    -1,
                    -1,
                    true,
                    false,
                    false,
                    null),
                new Column(
                    "w_tax", SqlType.NUMERIC, "numeric(4,4)", -1, 4, 4, true, false, false, "0.1")),
            new UniqueKey("warehouse_pkey", List.of("w_id"), true),
            List.of(
                new UniqueKey("warehouse_name_key", List.of("w_name", "w_id"), false),
                new UniqueKey(
                    "warehouse_lower_name",
                    List.of("w_name"),
                    false,
                    "CREATE UNIQUE INDEX warehouse_lower_name ON public.warehouse USING btree (lower(w_name), ((w_id + 1))) WHERE (w_id > 0)",
                    List.of("(w_id + 1)"))),
            List.of(),
            List.of());
    Table district =
        new Table(
            "public",
            "district",
            List.of(Column.of("d_w_id", SqlType.INTEGER), Column.of("d_id", SqlType.SMALLINT)),
            null,
            List.of(),
            List.of(
                new ForeignKey("district_w_fk", List.of("d_w_id"), "warehouse", List.of("w_id"))),
            List.of());
    Table orderLine =
        new Table(
            "sales \"eu\"",
            "order_line",
            List.of(
                Column.of("ol_w_id", SqlType.INTEGER),
                Column.of("ol_d_id", SqlType.SMALLINT),
                Column.of("ol_number", SqlType.INTEGER),
                Column.of("ol_supply_w_id", SqlType.INTEGER),
                Column.of("ol_status", SqlType.TEXT),
                Column.of("ol_entry_d", SqlType.TIMESTAMPTZ),
                Column.of("ol_delivery_d", SqlType.TIMESTAMPTZ),
                new Column(
                    "ol_total",
                    SqlType.NUMERIC,
                    "numeric",
                    -1,
                    -1,
                    -1,
                    true,
                    true,
                    false,
                    "ol_amount * 2")),
            new UniqueKey("order_line_pkey", List.of("ol_w_id", "ol_d_id", "ol_number"), true),
            List.of(),
            List.of(
                new ForeignKey(
                    "ol_district_fk",
                    List.of("ol_w_id", "ol_d_id"),
                    "district",
                    List.of("d_w_id", "d_id")),
                new ForeignKey(
                    "ol_supply_fk", List.of("ol_supply_w_id"), "warehouse", List.of("w_id"), true)),
            List.of(
                new Check.InList(
                    "ol_status_check", "ol_status", List.of("new", "it's \"done\"", "ünïcode ✓")),
                new Check.CompareLiteral("ol_number_min", "ol_number", ">=", "1"),
                new Check.CompareLiteral("ol_number_max", "ol_number", "<=", "15"),
                new Check.CompareColumns("ol_dates", "ol_delivery_d", ">=", "ol_entry_d"),
                new Check.Length("ol_status_len", "ol_status", "char_length", "<=", "12"),
                new Check.Matches("ol_status_shape", "ol_status", "^[a-z' \"]+$", true),
                new Check.Unparsed(
                    "ol_weird",
                    List.of("ol_status", "ol_number"),
                    "length(ol_status) % 2 = ol_number % 2")));

    TablePlan warehousePlan =
        new TablePlan(
            "warehouse",
            warehouse,
            null,
            4,
            4,
            Long.MIN_VALUE + 7,
            List.of(
                new ColumnPlan.KeySequence("w_id", 1, 0),
                new ColumnPlan.Values(
                    "w_name",
                    new ValueSpec(
                        List.of(),
                        List.of(),
                        null,
                        null,
                        false,
                        false,
                        6,
                        10,
                        Distribution.UNIFORM,
                        0.25)),
                new ColumnPlan.Values(
                    "w_tax",
                    new ValueSpec(
                        List.of(),
                        List.of(),
                        "0.0000",
                        "0.2000",
                        true,
                        false,
                        0,
                        0,
                        Distribution.NORMAL,
                        0))),
            List.of());
    TablePlan districtPlan =
        new TablePlan(
            "district",
            district,
            new Fanout("warehouse", 10, 10),
            40,
            40,
            -1,
            List.of(
                new ColumnPlan.Reference("d_w_id", "district_w_fk", "w_id"),
                new ColumnPlan.KeySequence("d_id", 1, 10)),
            List.of(
                new ReferencePlan(
                    "district_w_fk",
                    "warehouse",
                    ReferencePlan.Pick.GROUP,
                    10,
                    0,
                    0,
                    0,
                    0,
                    Distribution.UNIFORM)));
    TablePlan orderLinePlan =
        new TablePlan(
            "order_line",
            orderLine,
            new Fanout("district", 5, 15),
            600,
            413,
            Long.MAX_VALUE,
            List.of(
                new ColumnPlan.Reference("ol_w_id", "ol_district_fk", "d_w_id"),
                new ColumnPlan.Reference("ol_d_id", "ol_district_fk", "d_id"),
                new ColumnPlan.KeySequence("ol_number", 1, 15),
                new ColumnPlan.Reference("ol_supply_w_id", "ol_supply_fk", "w_id"),
                new ColumnPlan.Values(
                    "ol_status",
                    new ValueSpec(
                        List.of("new", "it's \"done\""),
                        List.of(0.1, 2.0 / 3.0),
                        null,
                        null,
                        false,
                        false,
                        0,
                        0,
                        Distribution.ZIPF,
                        1e-9)),
                new ColumnPlan.Values(
                    "ol_entry_d",
                    new ValueSpec(
                        List.of(),
                        List.of(),
                        "2020-01-01 00:00:00+00",
                        "2024-12-31 23:59:59.999999+00",
                        false,
                        true,
                        0,
                        0,
                        Distribution.UNIFORM,
                        0)),
                new ColumnPlan.Derived("ol_delivery_d", "ol_entry_d", 0, 86_400_000_000L * 30),
                new ColumnPlan.Skip("ol_total", "generated column")),
            List.of(
                new ReferencePlan(
                    "ol_district_fk",
                    "district",
                    ReferencePlan.Pick.GROUP,
                    15,
                    0,
                    0,
                    0,
                    0,
                    Distribution.UNIFORM),
                new ReferencePlan(
                    "ol_supply_fk",
                    "warehouse",
                    ReferencePlan.Pick.INJECTIVE,
                    150,
                    0,
                    0,
                    1,
                    4,
                    Distribution.UNIFORM),
                new ReferencePlan(
                    "ol_supply_random",
                    "warehouse",
                    ReferencePlan.Pick.RANDOM,
                    0,
                    1,
                    0,
                    0,
                    4,
                    Distribution.ZIPF)));

    FillPlan plan =
        FillPlan.of(
            FillPlan.GENERATION_VERSION,
            0x9E3779B97F4A7C15L,
            List.of(warehousePlan, districtPlan, orderLinePlan),
            List.of(List.of("warehouse"), List.of("district"), List.of("order_line")),
            List.of(
                new Task("warehouse", 0, 4),
                new Task("district", 0, 40),
                new Task("order_line", 0, 300),
                new Task("order_line", 300, 600)));
    return new JobMessage(
        Messages.VERSION,
        "7f3a",
        "staging",
        plan,
        JobMessage.State.RUNNING,
        null,
        1_760_000_000_123L,
        false,
        false,
        new TargetIdentity(7_301_234_567_890_123_456L, 16_384, "staging", "5c1e0a9d"),
        null);
  }

  /**
   * A table of the types whose columns carry more than a type name: an enum with its labels, an
   * array of a domain (element type, OID, the domain's checks), a range with its subtype, a domain
   * over an integer; the array's value spec has an element spec.
   */
  static JobMessage realWorldTypesJob() {
    Column mood =
        new Column(
            "m",
            SqlType.ENUM,
            "mood",
            -1,
            -1,
            -1,
            false,
            false,
            false,
            null,
            16_385,
            null,
            List.of("sad", "ok", "happy"),
            List.of());
    Column zip =
        new Column(
            "zips",
            SqlType.VARCHAR,
            "us_zip",
            5,
            -1,
            -1,
            false,
            false,
            false,
            null,
            16_390,
            null,
            List.of(),
            List.of(
                new Check.InList("us_zip_check", Column.DOMAIN_VALUE, List.of("10001", "94105")),
                new Check.Unparsed(
                    "us_zip_digits",
                    List.of(Column.DOMAIN_VALUE),
                    "CHECK ((VALUE ~ '^[0-9]+$'::text))")));
    Column zips =
        new Column(
            "zips",
            SqlType.ARRAY,
            "us_zip[]",
            -1,
            -1,
            -1,
            false,
            false,
            false,
            null,
            16_389,
            zip,
            List.of(),
            List.of());
    Column subtype =
        new Column(
            "during",
            SqlType.INTEGER,
            "integer",
            -1,
            -1,
            -1,
            true,
            false,
            false,
            null,
            23,
            null,
            List.of(),
            List.of());
    Column during =
        new Column(
            "during",
            SqlType.RANGE,
            "int4range",
            -1,
            -1,
            -1,
            true,
            false,
            false,
            null,
            3904,
            subtype,
            List.of(),
            List.of());
    Column qty =
        new Column(
            "qty",
            SqlType.INTEGER,
            "positive_int",
            -1,
            -1,
            -1,
            false,
            false,
            false,
            null,
            16_400,
            null,
            List.of(),
            List.of(new Check.CompareLiteral("positive_int_check", Column.DOMAIN_VALUE, ">", "0")));
    Table profile =
        new Table(
            "public",
            "profile",
            List.of(mood, zips, during, qty),
            null,
            List.of(),
            List.of(),
            List.of());
    ValueSpec zipSpec =
        new ValueSpec(
            List.of("10001", "94105"),
            List.of(),
            null,
            null,
            false,
            false,
            4,
            5,
            Distribution.UNIFORM,
            0);
    TablePlan plan =
        new TablePlan(
            "profile",
            profile,
            null,
            10,
            10,
            99,
            List.of(
                new ColumnPlan.Values(
                    "m",
                    new ValueSpec(
                        List.of("ok", "happy"),
                        List.of(),
                        null,
                        null,
                        false,
                        false,
                        8,
                        64,
                        Distribution.UNIFORM,
                        0)),
                new ColumnPlan.Values(
                    "zips",
                    new ValueSpec(
                        List.of(),
                        List.of(),
                        null,
                        null,
                        false,
                        false,
                        0,
                        4,
                        Distribution.UNIFORM,
                        0.5,
                        zipSpec)),
                new ColumnPlan.Values(
                    "during",
                    new ValueSpec(
                        List.of(),
                        List.of(),
                        null,
                        null,
                        false,
                        false,
                        8,
                        64,
                        Distribution.UNIFORM,
                        0.01)),
                new ColumnPlan.Values(
                    "qty",
                    new ValueSpec(
                        List.of(),
                        List.of(),
                        "0",
                        null,
                        true,
                        false,
                        8,
                        64,
                        Distribution.ZIPF,
                        0))),
            List.of());
    FillPlan fill =
        FillPlan.of(
            FillPlan.GENERATION_VERSION,
            7,
            List.of(plan),
            List.of(List.of("profile")),
            List.of(new Task("profile", 0, 10)));
    return new JobMessage(
        Messages.VERSION, "a11", "default", fill, JobMessage.State.RUNNING, null, 1L);
  }

  @Test
  void enumLabelsElementTypesDomainChecksAndElementSpecsSurviveTheRoundTrip() throws Exception {
    JobMessage job = realWorldTypesJob();

    JobMessage decoded = Messages.decodeJob(Messages.encode(job));

    assertEquals(job, decoded);
    Table profile = decoded.plan().table("profile").table();
    assertEquals(List.of("sad", "ok", "happy"), profile.column("m").orElseThrow().enumLabels());
    assertEquals(16_390, profile.column("zips").orElseThrow().element().typeOid());
    assertEquals(2, profile.column("zips").orElseThrow().element().domainChecks().size());
    assertEquals(SqlType.INTEGER, profile.column("during").orElseThrow().element().type());
    ColumnPlan.Values zips = (ColumnPlan.Values) decoded.plan().table("profile").column("zips");
    assertEquals(List.of("10001", "94105"), zips.spec().element().values());
    assertNull(
        ((ColumnPlan.Values) decoded.plan().table("profile").column("qty")).spec().element());
    JsonNode table = JSON.readTree(Messages.encode(job)).at("/plan/tables/0/table");
    assertEquals(
        List.of("in", "unparsed"),
        table.at("/columns/1/element/domainChecks").findValuesAsText("kind"));
    assertOnlyComponents(job, JSON.readTree(Messages.encode(job)), "job");
  }

  @Test
  void aColumnFromAWriterWithoutTheTypeDetailsReadsAsAPlainColumn() throws Exception {
    ObjectNode tree = (ObjectNode) JSON.readTree(Messages.encode(job()));
    ObjectNode name = (ObjectNode) tree.at("/plan/tables/0/table/columns/1");
    name.remove(List.of("typeOid", "element", "enumLabels", "domainChecks"));
    ((ObjectNode) tree.at("/plan/tables/0/columns/1/spec")).remove("element");

    assertEquals(job(), Messages.decodeJob(JSON.writeValueAsBytes(tree)));
  }

  @Test
  void aKeyFormatSurvivesTheRoundTripAndAnEarlierWritersKeyHasNone() throws Exception {
    ObjectNode tree = (ObjectNode) JSON.readTree(Messages.encode(job()));
    ObjectNode key = (ObjectNode) tree.at("/plan/tables/0/columns/0");
    key.remove("format");
    assertEquals(job(), Messages.decodeJob(JSON.writeValueAsBytes(tree)));

    key.set("format", JSON.valueToTree(new KeyFormat("user", 2, "@example.com")));
    JobMessage formatted = Messages.decodeJob(JSON.writeValueAsBytes(tree));
    assertEquals(
        new ColumnPlan.KeySequence("w_id", 1, 0, new KeyFormat("user", 2, "@example.com")),
        formatted.plan().table("warehouse").column("w_id"));
    assertEquals(formatted, Messages.decodeJob(Messages.encode(formatted)));
  }

  @Test
  void aPlanSurvivesTheRoundTripExactly() {
    JobMessage job = job();

    JobMessage decoded = Messages.decodeJob(Messages.encode(job));

    assertEquals(job, decoded);
    assertNull(decoded.error());
    assertNull(decoded.plan().table("warehouse").fanout());
    assertEquals(job.plan().tables().get(2).columns(), decoded.plan().tables().get(2).columns());
  }

  @Test
  void aFinishedJobWithAnErrorSurvivesTheRoundTrip() {
    JobMessage failed =
        job().withState(JobMessage.State.FAILED, "task order_line[0,300) failed after 3 attempts");

    assertEquals(failed, Messages.decodeJob(Messages.encode(failed)));
  }

  @Test
  void aJobWithTriggersOffSurvivesTheRoundTripAndAnEarlierWritersJobKeepsThemOn() {
    JobMessage base = job();
    JobMessage off =
        new JobMessage(
            base.v(),
            base.jobId(),
            base.target(),
            base.plan(),
            base.state(),
            null,
            base.submittedAtMillis(),
            true,
            true,
            base.targetIdentity(),
            null);

    assertEquals(off, Messages.decodeJob(Messages.encode(off)));
    assertTrue(
        Messages.decodeJob(Messages.encode(off))
            .withState(JobMessage.State.DONE, null)
            .disableTriggers(),
        "a state change keeps the option");
    assertTrue(
        Messages.decodeJob(Messages.encode(off))
            .withState(JobMessage.State.DONE, null)
            .foreignKeysAfterLoad(),
        "a state change keeps where foreign keys are checked");
    byte[] earlier =
        new String(Messages.encode(base), UTF_8)
            .replace(",\"disableTriggers\":false", "")
            .replace(",\"foreignKeysAfterLoad\":false", "")
            .getBytes(UTF_8);
    assertFalse(new String(earlier, UTF_8).contains("disableTriggers"));
    assertFalse(new String(earlier, UTF_8).contains("foreignKeysAfterLoad"));
    assertEquals(base, Messages.decodeJob(earlier));
  }

  @Test
  void theTargetIdentitySurvivesTheRoundTripAndAnEarlierWritersJobHasNone() throws Exception {
    JobMessage job = job();

    JobMessage decoded = Messages.decodeJob(Messages.encode(job));

    assertEquals(job.targetIdentity(), decoded.targetIdentity());
    assertEquals(
        job.targetIdentity(),
        decoded.withState(JobMessage.State.DONE, null).targetIdentity(),
        "a state change keeps the identity");
    ObjectNode tree = (ObjectNode) JSON.readTree(Messages.encode(job));
    tree.remove("targetIdentity");
    JobMessage earlier = Messages.decodeJob(JSON.writeValueAsBytes(tree));
    assertNull(earlier.targetIdentity());
    assertEquals(job.plan(), earlier.plan());
    ObjectNode unknownSystem = (ObjectNode) JSON.readTree(Messages.encode(job));
    ((ObjectNode) unknownSystem.get("targetIdentity")).putNull("systemIdentifier");
    assertNull(
        Messages.decodeJob(JSON.writeValueAsBytes(unknownSystem))
            .targetIdentity()
            .systemIdentifier());
  }

  @Test
  void aFilesJobKeepsItsFormatThroughTheRoundTripAndStateChangesAndAnEarlierWritersJobWritesNone()
      throws Exception {
    JobMessage base = job();
    JobMessage files =
        new JobMessage(
            base.v(),
            base.jobId(),
            base.target(),
            base.plan(),
            base.state(),
            null,
            base.submittedAtMillis(),
            false,
            false,
            null,
            "parquet");

    JobMessage decoded = Messages.decodeJob(Messages.encode(files));

    assertEquals(files, decoded);
    assertTrue(decoded.writesFiles());
    assertEquals("parquet", decoded.withState(JobMessage.State.DONE, null).fileFormat());
    ObjectNode earlier = (ObjectNode) JSON.readTree(Messages.encode(base));
    earlier.remove("fileFormat");
    assertFalse(Messages.decodeJob(JSON.writeValueAsBytes(earlier)).writesFiles());
  }

  @Test
  void tasksAndEventsSurviveTheRoundTrip() {
    TaskMessage task =
        new TaskMessage(Messages.VERSION, "7f3a", "order_line[0,300)", "order_line", 0, 300, 2);
    EventMessage event =
        new EventMessage(
            Messages.VERSION,
            "7f3a",
            "order_line[0,300)",
            "order_line",
            EventMessage.Type.FAILED,
            120,
            35,
            "w-1",
            2,
            "connection reset",
            true);
    EventMessage noError =
        new EventMessage(
            Messages.VERSION,
            "7f3a",
            "order_line[0,300)",
            "order_line",
            EventMessage.Type.SUCCEEDED,
            300,
            90,
            null,
            1,
            null,
            false);

    assertEquals(task, Messages.decodeTask(Messages.encode(task)));
    assertEquals(event, Messages.decodeEvent(Messages.encode(event)));
    assertEquals(noError, Messages.decodeEvent(Messages.encode(noError)));
  }

  @Test
  void encodingTheSameMessageTwiceGivesIdenticalBytes() {
    assertArrayEquals(Messages.encode(job()), Messages.encode(job()));
    assertArrayEquals(
        Messages.encode(job()), Messages.encode(Messages.decodeJob(Messages.encode(job()))));
  }

  @Test
  void polymorphicValuesCarryTheirStableKindNames() throws Exception {
    JsonNode orderLine = JSON.readTree(Messages.encode(job())).at("/plan/tables/2");

    List<String> columnKinds = orderLine.get("columns").findValuesAsText("kind");
    List<String> checkKinds = orderLine.at("/table/checks").findValuesAsText("kind");

    assertEquals(
        List.of("ref", "ref", "key", "ref", "values", "values", "derived", "skip"), columnKinds);
    assertEquals(
        List.of("in", "compare", "compare", "columns", "length", "matches", "unparsed"),
        checkKinds);
    assertTrue(
        JSON.readTree(Messages.encode(job())).at("/plan/tables/0").get("fanout").isNull(),
        "a root table's fanout is an explicit null");
  }

  @Test
  void onlyRecordComponentsAppearInTheJson() throws Exception {
    JobMessage job = job();

    assertOnlyComponents(job, JSON.readTree(Messages.encode(job)), "job");
  }

  /** A component left out of the JSON at its default ({@code false}, empty). */
  private static boolean omittable(RecordComponent c) {
    return c.getAccessor().isAnnotationPresent(JsonInclude.class);
  }

  /**
   * Walks the message and its JSON side by side: every JSON object has exactly its record's
   * components (plus {@code kind} for polymorphic values; one marked {@link JsonInclude} may be
   * left out at its default), so no derived accessor such as {@code Table.keys()} or {@code
   * FillPlan.totalRows()} leaks onto the wire.
   */
  private static void assertOnlyComponents(Object value, JsonNode node, String path)
      throws Exception {
    if (value instanceof List<?> list) {
      assertEquals(list.size(), node.size(), path);
      for (int i = 0; i < list.size(); i++) {
        assertOnlyComponents(list.get(i), node.get(i), path + "[" + i + "]");
      }
    } else if (value != null && value.getClass().isRecord()) {
      Set<String> expected = new HashSet<>();
      if (value instanceof ColumnPlan || value instanceof Check) {
        expected.add("kind");
      }
      RecordComponent[] components =
          Arrays.stream(value.getClass().getRecordComponents())
              .filter(c -> node.has(c.getName()) || !omittable(c))
              .toArray(RecordComponent[]::new);
      Arrays.stream(components).map(RecordComponent::getName).forEach(expected::add);
      Set<String> actual = new HashSet<>();
      node.fieldNames().forEachRemaining(actual::add);
      assertEquals(expected, actual, "fields of " + path);
      for (RecordComponent c : components) {
        assertOnlyComponents(
            c.getAccessor().invoke(value), node.get(c.getName()), path + "." + c.getName());
      }
    }
  }

  @Test
  void unknownFieldsAreIgnored() throws Exception {
    ObjectNode tree = (ObjectNode) JSON.readTree(Messages.encode(job()));
    tree.put("priority", "high");
    ((ObjectNode) tree.at("/plan/tables/2")).putObject("statistics").put("pages", 12);
    ((ObjectNode) tree.at("/plan/tables/2/columns/0")).put("comment", "added in 1.3");
    ((ObjectNode) tree.at("/plan/tables/2/table/checks/4")).putArray("tokens").add("length");

    assertEquals(job(), Messages.decodeJob(JSON.writeValueAsBytes(tree)));
  }

  @Test
  void aNewerMinorVersionIsAccepted() {
    byte[] bytes =
        new String(Messages.encode(job()), UTF_8)
            .replace("\"v\":\"4.0\"", "\"v\":\"4.7\"")
            .getBytes(UTF_8);

    JobMessage decoded = Messages.decodeJob(bytes);

    assertEquals("4.7", decoded.v());
    assertEquals(job().plan(), decoded.plan());
  }

  @Test
  void aNewerMajorVersionIsRefusedWithAnUpgradeHint() {
    JobMessage v5 =
        new JobMessage("5.0", "7f3a", "staging", job().plan(), JobMessage.State.RUNNING, null, 0);

    UnsupportedMessageException e =
        assertThrows(
            UnsupportedMessageException.class, () -> Messages.decodeJob(Messages.encode(v5)));

    assertEquals(
        "job message version 5.0 is not supported by this Spate (speaks 4.x); upgrade the worker",
        e.getMessage());
  }

  @Test
  void anOlderMajorVersionOfAnEventIsRefused() {
    byte[] bytes = "{\"v\":\"0.9\",\"jobId\":\"7f3a\",\"type\":\"STARTED\"}".getBytes(UTF_8);

    UnsupportedMessageException e =
        assertThrows(UnsupportedMessageException.class, () -> Messages.decodeEvent(bytes));

    assertTrue(
        e.getMessage().startsWith("event message version 0.9 is not supported"), e.getMessage());
    assertTrue(e.getMessage().contains("upgrade the worker"), e.getMessage());
  }

  @Test
  void aJobWhoseSharedArrayIsMissingIsRefusedAsMalformed() {
    byte[] bytes =
        "{\"v\":\"4.0\",\"jobId\":\"7f3a\",\"plan\":{\"seed\":{\"$array\":0}},\"arrays\":[]}"
            .getBytes(UTF_8);

    UnsupportedMessageException e =
        assertThrows(UnsupportedMessageException.class, () -> Messages.decodeJob(bytes));

    assertEquals(
        "job message is malformed: a reference to shared array 0 of 0 in the message",
        e.getMessage());
  }

  @Test
  void aMessageWithoutVersionIsRefused() {
    byte[] bytes =
        "{\"jobId\":\"7f3a\",\"taskId\":\"t[0,1)\",\"start\":0,\"end\":1}".getBytes(UTF_8);

    UnsupportedMessageException e =
        assertThrows(UnsupportedMessageException.class, () -> Messages.decodeTask(bytes));

    assertEquals("task message has no version (field v); this Spate speaks 4.x", e.getMessage());
  }

  @Test
  void aVersionThatIsNotMajorDotMinorIsRefused() {
    UnsupportedMessageException number =
        assertThrows(
            UnsupportedMessageException.class,
            () -> Messages.decodeTask("{\"v\":1.0}".getBytes(UTF_8)));
    UnsupportedMessageException word =
        assertThrows(
            UnsupportedMessageException.class,
            () -> Messages.decodeTask("{\"v\":\"one\"}".getBytes(UTF_8)));

    assertTrue(
        number.getMessage().startsWith("task message version 1.0 is not a \"major.minor\" string"),
        number.getMessage());
    assertTrue(
        word.getMessage().startsWith("task message version \"one\" is not"), word.getMessage());
  }

  @Test
  void malformedJsonIsRefusedNamingTheKindAndTheReason() {
    UnsupportedMessageException truncated =
        assertThrows(
            UnsupportedMessageException.class,
            () -> Messages.decodeJob("{\"v\":\"4.0\",\"jobId\":".getBytes(UTF_8)));
    UnsupportedMessageException trailing =
        assertThrows(
            UnsupportedMessageException.class,
            () -> Messages.decodeJob("{\"v\":\"4.0\"} {}".getBytes(UTF_8)));
    UnsupportedMessageException array =
        assertThrows(
            UnsupportedMessageException.class, () -> Messages.decodeJob("[1]".getBytes(UTF_8)));
    UnsupportedMessageException empty =
        assertThrows(UnsupportedMessageException.class, () -> Messages.decodeJob(new byte[0]));

    assertTrue(
        truncated.getMessage().startsWith("job message is malformed at line 1, column "),
        truncated.getMessage());
    assertTrue(truncated.getMessage().contains("end-of-input"), truncated.getMessage());
    assertTrue(trailing.getMessage().startsWith("job message is malformed"), trailing.getMessage());
    assertEquals("job message is not a JSON object", array.getMessage());
    assertEquals("job message is empty", empty.getMessage());
  }

  @Test
  void aValueTheRecordRejectsIsRefusedWithItsPathAndTheRecordsOwnReason() throws Exception {
    ObjectNode tree = (ObjectNode) JSON.readTree(Messages.encode(job()));
    ((ObjectNode) tree.at("/plan/tables/2/fanout")).put("min", 0);

    UnsupportedMessageException e =
        assertThrows(
            UnsupportedMessageException.class,
            () -> Messages.decodeJob(JSON.writeValueAsBytes(tree)));

    assertEquals(
        "job message is malformed at plan.tables[2].fanout: per-district count must satisfy 1 <= min <= max, got 0..15",
        e.getMessage());
  }

  @Test
  void anUnknownKindIsRefusedWithItsPath() throws Exception {
    ObjectNode tree = (ObjectNode) JSON.readTree(Messages.encode(job()));
    ((ObjectNode) tree.at("/plan/tables/1/columns/1")).put("kind", "regex");

    UnsupportedMessageException e =
        assertThrows(
            UnsupportedMessageException.class,
            () -> Messages.decodeJob(JSON.writeValueAsBytes(tree)));

    assertTrue(
        e.getMessage().startsWith("job message is malformed at plan.tables[1].columns[1]: "),
        e.getMessage());
    assertTrue(e.getMessage().contains("'regex'"), e.getMessage());
  }

  @Test
  void derivedAccessorsWorkOnADecodedPlan() {
    JobMessage decoded = Messages.decodeJob(Messages.encode(job()));

    assertEquals(457, decoded.plan().totalRows());
    assertEquals(
        "\"sales \"\"eu\"\"\".\"order_line\"",
        decoded.plan().table("order_line").table().qualifiedName());
    assertEquals(3, decoded.plan().table("warehouse").table().keys().size());
    assertTrue(decoded.plan().table("district").fanout().fixed());
    assertFalse(
        decoded.plan().table("order_line").writtenColumns().stream()
            .anyMatch(c -> c instanceof ColumnPlan.Skip));
  }
}
