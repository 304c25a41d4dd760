package io.spate.bench.e2e;

import java.util.List;
import java.util.Locale;

/**
 * A benchmark scenario: a schema (a fixture in {@code examples/schemas}, or pgbench's tables), the
 * fill config at full size scaled by a factor, and the references it is measured against, which
 * depend on the kind of server ({@link #references}). {@code fixed-cost} is the exception: its size
 * never scales, since it measures what a run costs before and after its rows.
 */
enum Scenario {
  SINGLE("single", "single.sql", Reference.COPY_FILE),
  WIDE("wide", "wide.sql", Reference.COPY_FILE),
  TRIP("trip", "trip.sql", Reference.COPY_FILE),
  TPCC_1("tpcc-1", "tpcc.sql", Reference.COPY_FILE),
  TPCC_10("tpcc-10", "tpcc.sql", Reference.COPY_FILE),
  PGBENCH("pgbench", null, Reference.PGBENCH_INIT),
  /** What every run pays whatever its size: TPC-C's nine tables at 10 rows each, any factor. */
  FIXED_COST("fixed-cost", "tpcc.sql", Reference.API_FILL);

  enum Reference {
    /**
     * The same rows dumped once, loaded back with binary COPY from files, table by table in
     * dependency order.
     */
    COPY_FILE("copy-file"),
    /**
     * MariaDB/MySQL's counterpart of {@link #COPY_FILE}: the same rows dumped once as text, loaded
     * back with {@code LOAD DATA LOCAL INFILE} from files into the tables as they stand.
     */
    LOAD_DATA_FILE("load-data-file"),
    /**
     * The common JDBC path: the same rows from the same text files, bound into one single-row
     * {@code INSERT} and sent as batches. On MariaDB/MySQL {@code executeBatch} is one bulk command
     * per batch (Connector/J 3's successor of {@code rewriteBatchedStatements}); on SQLite and H2
     * it is the published approach of the best-known single-JVM seed filler.
     */
    BATCH_INSERT("batch-insert"),
    /**
     * {@code pgbench -i -I dtg -s 10} (scaled: drop, create, generate client-side) followed by
     * {@code pgbench -i -I p} (its primary keys), timed together: the end state the fill
     * reproduces, keys in place, and what issue 32 measures against.
     */
    PGBENCH_INIT("pgbench-i"),
    /**
     * The library's {@code fill()} (connect, introspect, plan, load, finish) timed inside the
     * bench's own JVM, which has run it before: what a test class pays after the first.
     */
    API_FILL("api-fill");

    final String mode;

    Reference(String mode) {
      this.mode = mode;
    }
  }

  final String id;

  /** The fixture's DDL file in {@code examples/schemas} (PostgreSQL's), or null for pgbench. */
  final String schemaFile;

  /** The reference on PostgreSQL; see {@link #references} for the others. */
  final Reference reference;

  Scenario(String id, String schemaFile, Reference reference) {
    this.id = id;
    this.schemaFile = schemaFile;
    this.reference = reference;
  }

  /**
   * The fixture's DDL for a kind of server: on MariaDB/MySQL its dialect twin {@code
   * <name>-mysql.sql}, which names tables and columns alike so the same config fills it; SQLite and
   * H2 read PostgreSQL's as it is (SQLite takes any type name, H2 opened with {@code
   * DATABASE_TO_LOWER=TRUE} keeps its names in lower case).
   */
  String schemaFile(BenchDb.Server kind) {
    return switch (kind) {
      case POSTGRESQL, SQLITE, H2 -> schemaFile;
      case MARIADB -> schemaFile.replace(".sql", "-mysql.sql"); // pgbench: refused by references
    };
  }

  /**
   * What the scenario is measured against on a kind of server, the first being the one {@code
   * vs_ref} divides by: on MariaDB/MySQL the file load and the batched INSERT of the same rows, on
   * SQLite and H2 (which have no bulk load from a client) the batched INSERT alone.
   */
  List<Reference> references(BenchDb.Server kind) {
    if (reference == Reference.PGBENCH_INIT && kind != BenchDb.Server.POSTGRESQL) {
      throw new IllegalArgumentException(
          "scenario '" + id + "' runs on PostgreSQL only (it reproduces pgbench -i)");
    }
    if (reference != Reference.COPY_FILE) {
      return List.of(reference);
    }
    return switch (kind) {
      case POSTGRESQL -> List.of(Reference.COPY_FILE);
      case MARIADB -> List.of(Reference.LOAD_DATA_FILE, Reference.BATCH_INSERT);
      case SQLITE, H2 -> List.of(Reference.BATCH_INSERT);
    };
  }

  static Scenario of(String id) {
    for (Scenario s : values()) {
      if (s.id.equals(id.toLowerCase(Locale.ROOT))) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "unknown scenario '"
            + id
            + "' (known: "
            + List.of(values()).stream().map(s -> s.id).toList()
            + ")");
  }

  /** Rows of each table in the fixed-cost scenario. */
  static final int FIXED_COST_ROWS = 10;

  /** The pgbench scale factor for a size factor (scale 10 at full size, at least 1). */
  static int pgbenchScale(double factor) {
    return Math.max(1, (int) Math.round(10 * factor));
  }

  /** The tables pgbench -i creates (its own DDL: no keys yet, fillfactor 100). */
  static final String PGBENCH_DDL =
      """
      CREATE TABLE pgbench_history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22));
      CREATE TABLE pgbench_tellers (tid int NOT NULL, bid int, tbalance int, filler char(84)) WITH (fillfactor = 100);
      CREATE TABLE pgbench_accounts (aid int NOT NULL, bid int, abalance int, filler char(84)) WITH (fillfactor = 100);
      CREATE TABLE pgbench_branches (bid int NOT NULL, bbalance int, filler char(88)) WITH (fillfactor = 100);
      """;

  /**
   * The fill config at {@code factor} of full size (rounding to whole rows). Full sizes: single 1 M
   * rows, wide 10 x 100 k, trip 1 M, TPC-C at the specification's cardinalities for 1 or 10
   * warehouses (a factor shrinks items, stock and customers per district), pgbench scale 10.
   */
  String config(double factor) {
    return switch (this) {
      case SINGLE -> "seed: 42\ntables:\n  big_t: {rows: " + rows(1_000_000, factor) + "}\n";
      case WIDE -> {
        StringBuilder b = new StringBuilder("seed: 42\ntaskRows: 50000\ntables:\n");
        for (int i = 1; i <= 10; i++) {
          b.append(
              String.format(Locale.ROOT, "  wide_t%02d: {rows: %d}%n", i, rows(100_000, factor)));
        }
        yield b.toString();
      }
      case TRIP -> "seed: 42\ntables:\n  trip: {rows: " + rows(1_000_000, factor) + "}\n";
      case TPCC_1, TPCC_10 -> tpcc(this == TPCC_1 ? 1 : 10, factor);
      case FIXED_COST -> "seed: 42\ndefaultRows: " + FIXED_COST_ROWS + "\n";
      case PGBENCH -> {
        int scale = pgbenchScale(factor);
        // pgbench -i's rows: 1 branch, 10 tellers, 100,000 accounts per scale unit, no history;
        // tellers and accounts in blocks of their branch (tid 1..10 and aid 1..100,000 in branch
        // 1), balances 0, accounts' filler blank, the fillers of branches and tellers NULL; the
        // accounts' key built after their rows, as pgbench -i builds it (Spate's planner keeps a
        // lone key during a split load by default, so workers can share the table)
        yield "seed: 42\nnullRatio: 0\ntables:\n"
            + "  pgbench_branches: {rows: "
            + scale
            + ", columns: {bbalance: {value: \"0\"}, filler: {skip: true}}}\n"
            + "  pgbench_tellers: {rows: "
            + 10 * scale
            + ", columns: {bid: {block: 10}, tbalance: {value: \"0\"}, filler: {skip: true}}}\n"
            + "  pgbench_accounts: {rows: "
            + 100_000 * scale
            + ", indexes: after, columns: {bid: {block: 100000}, abalance: {value: \"0\"},"
            + " filler: {value: \"\"}}}\n"
            + "  pgbench_history: {rows: 0}\n";
      }
    };
  }

  private static String tpcc(int warehouses, double factor) {
    long items = rows(100_000, factor);
    long customers = rows(3_000, factor);
    long newOrders = Math.max(1, customers * 900 / 3000);
    return "seed: 42\ntaskRows: 100000\ntables:\n"
        + "  warehouse: {rows: "
        + warehouses
        + "}\n"
        + "  item: {rows: "
        + items
        + "}\n"
        + "  stock: {per: warehouse, count: "
        + items
        + "}\n"
        + "  district: {per: warehouse, count: 10}\n"
        + "  customer: {per: district, count: "
        + customers
        + ", columns: {c_credit: {values: [GC, BC], weights: [9, 1]}, c_data: {length: 300..500}}}\n"
        + "  history: {per: customer, count: 1}\n"
        + "  orders: {per: customer, count: 1, columns: {o_carrier_id: {min: \"1\", max: \"10\"}}}\n"
        + "  new_order: {per: district, count: "
        + newOrders
        + "}\n"
        + "  order_line: {per: orders, count: 5..15}\n";
  }

  private static long rows(long full, double factor) {
    return Math.max(1, Math.round(full * factor));
  }
}
