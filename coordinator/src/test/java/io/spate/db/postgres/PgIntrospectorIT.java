package io.spate.db.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Check.CompareColumns;
import io.spate.protocol.schema.Check.CompareLiteral;
import io.spate.protocol.schema.Check.InList;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import io.spate.worker.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Introspects the fixture schemas (examples/schemas) and a hand-made one on a real PostgreSQL. */
class PgIntrospectorIT {

  private static TestDatabase tpccDb;
  private static Schema tpcc;

  @BeforeAll
  static void loadTpcc() throws SQLException {
    tpccDb = TestDatabase.withFixtureSchema("tpcc.sql");
    tpcc = introspect(tpccDb, List.of("public"));
  }

  @AfterAll
  static void dropTpcc() {
    if (tpccDb != null) {
      tpccDb.close();
    }
  }

  private static Schema introspect(TestDatabase db, List<String> schemas) throws SQLException {
    try (Connection conn = db.connect()) {
      return PgIntrospector.introspect(conn, schemas);
    }
  }

  private static Table table(Schema schema, String name) {
    return schema.table(name).orElseThrow(() -> new AssertionError("no table " + name));
  }

  private static Column column(Table table, String name) {
    return table.column(name).orElseThrow(() -> new AssertionError("no column " + name));
  }

  /** The column as introspection describes a built-in type: with the type's OID. */
  private static Column builtIn(long oid, Column c) {
    return new Column(
        c.name(),
        c.type(),
        c.typeName(),
        c.length(),
        c.precision(),
        c.scale(),
        c.nullable(),
        c.generated(),
        c.identity(),
        c.defaultExpr(),
        oid,
        null,
        List.of(),
        List.of());
  }

  /**
   * The catalog is read with the server's JIT off (a server with JIT on compiled a recursive
   * catalog query on every fill), and the session's own setting is put back as it was, whichever it
   * was.
   */
  @Test
  void leavesTheSessionsJitSettingAsItFoundIt() throws SQLException {
    try (Connection conn = tpccDb.connect();
        Statement statement = conn.createStatement()) {
      for (String setting : List.of("on", "off")) {
        statement.execute("SET jit = " + setting);
        assertEquals(tpcc, PgIntrospector.introspect(conn, List.of("public")));
        try (ResultSet rs = statement.executeQuery("SHOW jit")) {
          assertTrue(rs.next());
          assertEquals(setting, rs.getString(1));
        }
      }
    }
  }

  @Test
  void tpccHasNineTablesSortedByName() {
    assertEquals(
        List.of(
            "customer",
            "district",
            "history",
            "item",
            "new_order",
            "order_line",
            "orders",
            "stock",
            "warehouse"),
        tpcc.tables().stream().map(Table::name).toList());
    assertTrue(tpcc.tables().stream().allMatch(t -> t.schema().equals("public")));
  }

  @Test
  void tpccKeys() {
    Table customer = table(tpcc, "customer");
    assertEquals(
        new UniqueKey("customer_pkey", List.of("c_w_id", "c_d_id", "c_id"), true),
        customer.primaryKey());
    assertEquals(List.of(), customer.uniques());
    assertEquals("c_id", customer.columns().getFirst().name());
    assertEquals("c_data", customer.columns().getLast().name());
    assertNull(table(tpcc, "history").primaryKey());
  }

  @Test
  void tpccCompositeForeignKeysKeepTheirPairing() {
    assertEquals(
        List.of(
            new ForeignKey(
                "order_line_ol_supply_w_id_ol_i_id_fkey",
                List.of("ol_supply_w_id", "ol_i_id"),
                "stock",
                List.of("s_w_id", "s_i_id")),
            new ForeignKey(
                "order_line_ol_w_id_ol_d_id_ol_o_id_fkey",
                List.of("ol_w_id", "ol_d_id", "ol_o_id"),
                "orders",
                List.of("o_w_id", "o_d_id", "o_id"))),
        table(tpcc, "order_line").foreignKeys());
  }

  @Test
  void tpccChecks() {
    assertEquals(
        List.of(new InList("customer_c_credit_check", "c_credit", List.of("GC", "BC"))),
        table(tpcc, "customer").checks());
    assertEquals(
        List.of(
            new CompareLiteral("orders_o_ol_cnt_check", "o_ol_cnt", ">=", "5"),
            new CompareLiteral("orders_o_ol_cnt_check", "o_ol_cnt", "<=", "15")),
        table(tpcc, "orders").checks());
  }

  @Test
  void tpccColumnTypes() {
    Table warehouse = table(tpcc, "warehouse");
    assertEquals(
        builtIn(
            1700,
            new Column(
                "w_tax", SqlType.NUMERIC, "numeric(4,4)", -1, 4, 4, false, false, false, null)),
        column(warehouse, "w_tax"));
    assertEquals(
        builtIn(
            1042,
            new Column(
                "w_state", SqlType.CHAR, "character(2)", 2, -1, -1, false, false, false, null)),
        column(warehouse, "w_state"));
    assertEquals(
        builtIn(
            1043,
            new Column(
                "c_data",
                SqlType.VARCHAR,
                "character varying(500)",
                500,
                -1,
                -1,
                false,
                false,
                false,
                null)),
        column(table(tpcc, "customer"), "c_data"));
    Column carrier = column(table(tpcc, "orders"), "o_carrier_id");
    assertEquals(SqlType.INTEGER, carrier.type());
    assertTrue(carrier.nullable());
    assertEquals(SqlType.TIMESTAMP, column(table(tpcc, "orders"), "o_entry_d").type());
  }

  @Test
  void trip() throws SQLException {
    try (TestDatabase db = TestDatabase.withFixtureSchema("trip.sql")) {
      Table trip = table(introspect(db, List.of("public")), "trip");
      assertEquals(
          List.of(
              new CompareColumns("trip_check", "stop_time", ">", "start_time"),
              new InList("trip_gender_check", "gender", List.of("M", "F", "U")),
              new CompareLiteral("trip_trip_duration_check", "trip_duration", ">", "0"),
              new InList("trip_user_type_check", "user_type", List.of("Subscriber", "Customer"))),
          trip.checks());
      assertEquals(SqlType.DOUBLE, column(trip, "start_lat").type());
      assertEquals(SqlType.BIGINT, column(trip, "id").type());
    }
  }

  @Test
  void handMadeSchema() throws SQLException {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          """
          CREATE TABLE gadget (
            id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            seq      serial,
            token    uuid NOT NULL,
            doc      jsonb,
            plain    json,
            blob     bytea,
            happened timestamptz,
            at_time  time,
            spot     point,
            old      text,
            width    integer NOT NULL DEFAULT 3,
            area     integer GENERATED ALWAYS AS (width * 2) STORED,
            region   text NOT NULL,
            code     varchar NOT NULL,
            price    numeric,
            small    smallint,
            ratio    real,
            flag     boolean,
            "Odd Name" char,
            CONSTRAINT gadget_code_region_key UNIQUE (code, region),
            CONSTRAINT gadget_name_check CHECK (length(region) > 3)
          );
          ALTER TABLE gadget DROP COLUMN old;
          CREATE VIEW gadget_view AS SELECT id, token FROM gadget;
          CREATE MATERIALIZED VIEW gadget_mat AS SELECT id FROM gadget;
          CREATE TABLE measurement (id int, day date, PRIMARY KEY (id, day))
            PARTITION BY RANGE (day);
          CREATE TABLE measurement_2020 PARTITION OF measurement
            FOR VALUES FROM ('2020-01-01') TO ('2021-01-01');
          CREATE TABLE measurement_2021 PARTITION OF measurement
            FOR VALUES FROM ('2021-01-01') TO ('2022-01-01');
          CREATE TABLE reading (m_id int, m_day date,
            FOREIGN KEY (m_id, m_day) REFERENCES measurement (id, day));
          CREATE SCHEMA other;
          CREATE TABLE other.elsewhere (id int REFERENCES public.gadget (id));
          """);

      Schema schema = introspect(db, List.of("public"));
      assertEquals(
          List.of("gadget", "measurement", "reading"),
          schema.tables().stream().map(Table::name).toList());

      Table gadget = table(schema, "gadget");
      assertEquals(
          List.of(
              "id",
              "seq",
              "token",
              "doc",
              "plain",
              "blob",
              "happened",
              "at_time",
              "spot",
              "width",
              "area",
              "region",
              "code",
              "price",
              "small",
              "ratio",
              "flag",
              "Odd Name"),
          gadget.columns().stream().map(Column::name).toList());
      assertEquals(new UniqueKey("gadget_pkey", List.of("id"), true), gadget.primaryKey());
      assertEquals(
          List.of(new UniqueKey("gadget_code_region_key", List.of("code", "region"), false)),
          gadget.uniques());

      Column id = column(gadget, "id");
      assertTrue(id.identity());
      assertFalse(id.nullable());
      assertNull(id.defaultExpr());
      Column seq = column(gadget, "seq");
      assertEquals(SqlType.INTEGER, seq.type());
      assertTrue(seq.identity());
      assertEquals("nextval('gadget_seq_seq'::regclass)", seq.defaultExpr());
      Column width = column(gadget, "width");
      assertFalse(width.identity());
      assertFalse(width.generated());
      assertEquals("3", width.defaultExpr());
      Column area = column(gadget, "area");
      assertTrue(area.generated());
      assertFalse(area.identity());

      assertEquals(SqlType.UUID, column(gadget, "token").type());
      assertEquals(SqlType.JSONB, column(gadget, "doc").type());
      assertEquals(SqlType.JSON, column(gadget, "plain").type());
      assertEquals(SqlType.BYTEA, column(gadget, "blob").type());
      assertEquals(SqlType.TIMESTAMPTZ, column(gadget, "happened").type());
      assertEquals("timestamp with time zone", column(gadget, "happened").typeName());
      assertEquals(SqlType.TIME, column(gadget, "at_time").type());
      assertEquals(SqlType.SMALLINT, column(gadget, "small").type());
      assertEquals(SqlType.REAL, column(gadget, "ratio").type());
      assertEquals(SqlType.BOOLEAN, column(gadget, "flag").type());
      assertEquals(
          builtIn(
              600,
              new Column("spot", SqlType.POINT, "point", -1, -1, -1, true, false, false, null)),
          column(gadget, "spot"));
      assertEquals(
          builtIn(
              1043,
              new Column(
                  "code",
                  SqlType.VARCHAR,
                  "character varying",
                  -1,
                  -1,
                  -1,
                  false,
                  false,
                  false,
                  null)),
          column(gadget, "code"));
      assertEquals(
          builtIn(
              1700,
              new Column(
                  "price", SqlType.NUMERIC, "numeric", -1, -1, -1, true, false, false, null)),
          column(gadget, "price"));
      assertEquals(
          builtIn(
              1042,
              new Column(
                  "Odd Name", SqlType.CHAR, "character(1)", 1, -1, -1, true, false, false, null)),
          column(gadget, "Odd Name"));

      assertEquals(1, gadget.checks().size());
      assertEquals(
          new Check.Length("gadget_name_check", "region", "length", ">", "3"),
          gadget.checks().getFirst());

      // A foreign key to a partitioned table appears once, not once per partition.
      assertEquals(
          List.of(
              new ForeignKey(
                  "reading_m_id_m_day_fkey",
                  List.of("m_id", "m_day"),
                  "measurement",
                  List.of("id", "day"))),
          table(schema, "reading").foreignKeys());
      assertEquals(List.of("id", "day"), table(schema, "measurement").primaryKey().columns());

      Schema both = introspect(db, List.of("public", "other"));
      Table elsewhere = table(both, "other.elsewhere");
      assertEquals("other", elsewhere.schema());
      assertEquals("gadget", elsewhere.foreignKeys().getFirst().refTable(), "public: a bare name");
      try (Connection conn = db.connect()) {
        assertEquals(List.of("other", "public"), PgIntrospector.chosenSchemas(conn, List.of()));
      }
      assertEquals(4, both.tables().size());
      assertEquals(List.of(), introspect(db, List.of("no_such_schema")).tables());
    }
  }

  @Test
  void enumsDomainsArraysAndRangesResolveToWhatBinaryCopyNeeds() throws SQLException {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          """
          CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
          ALTER TYPE mood ADD VALUE 'meh' BEFORE 'ok';
          CREATE DOMAIN code AS varchar(5) CHECK (VALUE IN ('a', 'b'));
          CREATE DOMAIN strict_code AS code NOT NULL CHECK (length(VALUE) = 1);
          CREATE DOMAIN small_ints AS int[];
          CREATE TABLE t (
            m mood, moods mood[], c strict_code, cs code[], names varchar(7)[], si small_ints,
            r int4range, rn numrange, b bit(3), v varbit, vn varbit(9), i inet, ci cidr, mac macaddr,
            dur interval, tz timetz, cash money, x xml, s tsvector, pts pg_lsn[]
          );
          """);
      Table t = table(introspect(db, List.of("public")), "t");
      long moodOid = db.queryLong("SELECT 'mood'::regtype::oid");
      long codeOid = db.queryLong("SELECT 'code'::regtype::oid");

      Column m = column(t, "m");
      assertEquals(SqlType.ENUM, m.type());
      assertEquals(moodOid, m.typeOid());
      assertEquals(
          List.of("sad", "meh", "ok", "happy"),
          m.enumLabels(),
          "labels in sort order, not creation order");
      Column moods = column(t, "moods");
      assertEquals(SqlType.ARRAY, moods.type());
      assertEquals("mood[]", moods.typeName());
      assertEquals(moodOid, moods.element().typeOid());
      assertEquals(m.enumLabels(), moods.element().enumLabels());

      Column c = column(t, "c");
      assertEquals(SqlType.VARCHAR, c.type());
      assertEquals(5, c.length(), "the base type's length, from the domain's own modifier");
      assertFalse(c.nullable(), "the outer domain is NOT NULL");
      assertEquals(db.queryLong("SELECT 'strict_code'::regtype::oid"), c.typeOid());
      assertEquals(
          List.of(
              new InList("code_check", "VALUE", List.of("a", "b")),
              new Check.Length("strict_code_check", "VALUE", "length", "=", "1")),
          c.domainChecks(),
          "checks of every domain down to the base type, the inner first");
      Column cs = column(t, "cs");
      assertEquals(
          codeOid,
          cs.element().typeOid(),
          "an array of a domain names the domain as its element type");
      assertEquals(
          List.of(new InList("code_check", "VALUE", List.of("a", "b"))),
          cs.element().domainChecks());
      assertEquals(
          7, column(t, "names").element().length(), "the array's modifier applies to its elements");
      assertEquals("character varying(7)", column(t, "names").element().typeName());
      Column si = column(t, "si");
      assertEquals(SqlType.ARRAY, si.type());
      assertEquals(23, si.element().typeOid(), "a domain over an array: the base array's element");

      assertEquals(SqlType.RANGE, column(t, "r").type());
      assertEquals(SqlType.INTEGER, column(t, "r").element().type());
      assertEquals(SqlType.NUMERIC, column(t, "rn").element().type());
      assertEquals(3, column(t, "b").length());
      assertEquals(SqlType.BIT, column(t, "b").type());
      assertEquals(-1, column(t, "v").length());
      assertEquals(9, column(t, "vn").length());
      assertEquals(
          List.of(
              SqlType.INET,
              SqlType.CIDR,
              SqlType.MACADDR,
              SqlType.INTERVAL,
              SqlType.TIMETZ,
              SqlType.MONEY,
              SqlType.XML,
              SqlType.TSVECTOR),
          List.of("i", "ci", "mac", "dur", "tz", "cash", "x", "s").stream()
              .map(n -> column(t, n).type())
              .toList());
      Column pts = column(t, "pts");
      assertEquals(SqlType.ARRAY, pts.type());
      assertEquals(SqlType.UNSUPPORTED, pts.element().type());
      assertFalse(pts.supported());
      assertTrue(t.columns().stream().filter(col -> col != pts).allMatch(Column::supported));
    }
  }

  @Test
  void failedReadNamesWhatWasRead() throws SQLException {
    Connection closed = tpccDb.connect();
    closed.close();
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> PgIntrospector.introspect(closed, List.of("public")));
    assertTrue(e.getMessage().startsWith("cannot read tables of schemas [public]"), e.getMessage());
    assertTrue(e.getCause() instanceof SQLException);
  }

  /**
   * A unique index that backs no constraint is a key: plain, partial (read as unconditional),
   * INCLUDE columns left out, lower/upper of a column read as the column, other expressions kept.
   */
  @Test
  void uniqueIndexesThatBackNoConstraintAreKeys() throws SQLException {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          """
          CREATE TABLE member (id int PRIMARY KEY, email text, handle varchar(20), org int, seq int, a int, b int,
            deleted_at timestamptz, CONSTRAINT member_seq_key UNIQUE (seq));
          CREATE UNIQUE INDEX member_email ON member (lower(email)) WHERE deleted_at IS NULL;
          CREATE UNIQUE INDEX member_org_handle ON member (org, upper(handle)) INCLUDE (a);
          CREATE UNIQUE INDEX member_sum ON member ((a + b));
          CREATE INDEX member_plain ON member (b);
          CREATE TABLE member_ref (m int REFERENCES member (seq));
          """);

      Table member = table(introspect(db, List.of("public")), "member");

      assertEquals(
          List.of(
              new UniqueKey(
                  "member_email",
                  List.of("email"),
                  false,
                  "CREATE UNIQUE INDEX member_email ON public.member USING btree (lower(email)) WHERE (deleted_at IS NULL)",
                  List.of()),
              new UniqueKey(
                  "member_org_handle",
                  List.of("org", "handle"),
                  false,
                  "CREATE UNIQUE INDEX member_org_handle ON public.member USING btree (org, upper((handle)::text)) INCLUDE (a)",
                  List.of()),
              new UniqueKey("member_seq_key", List.of("seq"), false),
              new UniqueKey(
                  "member_sum",
                  List.of(),
                  false,
                  "CREATE UNIQUE INDEX member_sum ON public.member USING btree (((a + b)))",
                  List.of("(a + b)"))),
          member.uniques().stream()
              .sorted(java.util.Comparator.comparing(UniqueKey::name))
              .toList());
      assertEquals(new UniqueKey("member_pkey", List.of("id"), true), member.primaryKey());
    }
  }

  /**
   * A unique index declared on partitions only is a key of the table, once for all the partitions
   * that declare it; the copies PostgreSQL makes of the table's own index are not read again.
   */
  @Test
  void uniqueIndexesOfPartitionsAreKeysOfTheirTable() throws SQLException {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("partition-unique-indexes.sql"));

      Table ticket = table(introspect(db, List.of("public")), "ticket");

      assertEquals(
          List.of(
              new UniqueKey(
                  "ticket_region_code",
                  List.of("region", "code"),
                  false,
                  "CREATE UNIQUE INDEX ticket_region_code ON ONLY public.ticket USING btree (region, code)",
                  List.of()),
              new UniqueKey(
                  "ticket_eu_eu_code",
                  List.of("code"),
                  false,
                  "CREATE UNIQUE INDEX ticket_eu_eu_code ON public.ticket_eu_eu USING btree (code)",
                  List.of()),
              new UniqueKey(
                  "ticket_us_email",
                  List.of("email"),
                  false,
                  "CREATE UNIQUE INDEX ticket_us_email ON public.ticket_us USING btree (lower(email)) WHERE (email <> ''::text)",
                  List.of())),
          ticket.uniques());
      assertEquals(List.of("id", "region"), ticket.primaryKey().columns());
    }
  }
}
