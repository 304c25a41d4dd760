package io.spate.protocol.seed;

import io.spate.protocol.schema.Table;
import java.nio.charset.StandardCharsets;

/**
 * The one place that derives a stream of randomness from (job seed, table, column, purpose); every
 * draw of a fill, on a worker or in the planner, starts from a stream made here.
 *
 * <p>The stream of a table in {@code public} is derived from the seed and the table's name, and a
 * column's cell stream from the table's stream and the column's name, both as in generation version
 * 2, so plain columns keep their values. A table of any other schema has a {@link
 * Purpose#SCHEMA_TABLE} stream of the seed, from its schema's and its own name, so tables of one
 * name in two schemas draw apart. Every other stream is a {@link Purpose} of a table, column or
 * foreign key stream, hashed from bytes that start with {@code 0xFF} and the purpose's code, then
 * the purpose's argument (a name's UTF-8 bytes, two names' with {@code 0xFF} between them, or an
 * index's eight bytes). UTF-8 never contains the byte {@code 0xFF}, so no table, column, group or
 * constraint name reaches a purpose stream: a column named {@code partition} or {@code fk:x} draws
 * from its own stream, never from the partition picker's or a foreign key's. Two purposes differ in
 * their code, and one purpose's arguments have one shape, so distinct (purpose, argument) pairs
 * hash distinct byte strings.
 *
 * <p>The codes are part of the output: changing one changes the bytes of every fill and needs a new
 * {@code FillPlan.GENERATION_VERSION}.
 */
public final class Streams {

  /** The byte that starts every purpose's input, one that no UTF-8 text contains. */
  private static final byte PURPOSE_MARK = (byte) 0xFF;

  /** What a stream is for; each has its own code and derives from one kind of parent stream. */
  public enum Purpose {
    /**
     * From the job seed and a table name: the stream of a table in {@code public} (untagged, as in
     * version 2).
     */
    TABLE(0, Argument.NAME),
    /** From a table stream and a column name: the column's cells (untagged, as in version 2). */
    CELLS(0, Argument.NAME),
    /** From a column or foreign key stream: which rows are NULL. */
    NULLS(1, Argument.NONE),
    /** From a table stream: which leaf partition each row goes to. */
    PARTITION_LEAF(2, Argument.NONE),
    /** From a partition-key column's stream and a leaf's index: its values inside that leaf. */
    LEAF(3, Argument.INDEX),
    /** From a table stream and a group name: the row stream a correlated group's columns share. */
    GROUP(4, Argument.NAME),
    /** From a table stream and a constraint name: a foreign key's parent picks. */
    FOREIGN_KEY(5, Argument.NAME),
    /** From a table stream: a per-parent table's child count under each parent row. */
    FANOUT(6, Argument.NONE),
    /** From an array column's stream and an element index: that element's values. */
    ARRAY_ELEMENT(7, Argument.INDEX),
    /** From a column stream: the planner's pool of values matching the column's patterns. */
    PATTERN(8, Argument.NONE),
    /**
     * From an array column's stream: the planner's pool of values matching its elements' patterns.
     */
    ELEMENT_PATTERN(9, Argument.NONE),
    /** From a column stream: the planner's pool of values of that column's own. */
    REALISTIC_POOL(10, Argument.NONE),
    // 11 was a table's records of a correlated group, per table before generation version 9
    /**
     * From the job seed, a schema name and a table name: the stream of a table outside {@code
     * public}.
     */
    SCHEMA_TABLE(12, Argument.QUALIFIED_NAME),
    /**
     * From a table stream and a constraint name: the planner's candidate rows for a CHECK the
     * server decides.
     */
    CHECK_CANDIDATES(13, Argument.NAME),
    /**
     * From the job seed and a pool's description (its kind, the column's length and type): the
     * planner's pool of values drawn from that description alone, which columns alike share.
     */
    POOL(14, Argument.NAME);

    /** What follows the code in the hashed bytes. */
    enum Argument {
      NONE,
      NAME,
      INDEX,
      /** Two names, the byte {@code 0xFF} between them: one byte string per pair. */
      QUALIFIED_NAME
    }

    private final byte code;
    private final Argument argument;

    /** FNV-1a over the mark and the code: where the argument's bytes continue the hash. */
    private final long prefixHash;

    Purpose(int code, Argument argument) {
      this.code = (byte) code;
      this.argument = argument;
      this.prefixHash = Seeds.fnv(Seeds.fnv(Seeds.FNV_BASIS, PURPOSE_MARK), this.code);
    }

    /** Whether the stream is hashed from a bare name (a table's or a column's, as in version 2). */
    boolean untagged() {
      return code == 0;
    }

    Argument argument() {
      return argument;
    }
  }

  private Streams() {}

  /**
   * The stream of table {@code table} of schema {@code schema}; the planner stores it in the plan
   * as {@code TablePlan.stream}. A table in {@code public} keeps the stream of its bare name.
   */
  public static long table(long seed, String schema, String table) {
    return schema.equals(Table.DEFAULT_SCHEMA)
        ? Seeds.derive(seed, table)
        : tagged(seed, Purpose.SCHEMA_TABLE, schema, table);
  }

  /** A column's cell stream: the values of an ordinary column are {@code cell(stream, row)}. */
  public static long cells(long tableStream, String column) {
    return Seeds.derive(tableStream, column);
  }

  /** Which rows of a column, or which references of a nullable foreign key, are NULL. */
  public static long nulls(long columnOrForeignKeyStream) {
    return tagged(columnOrForeignKeyStream, Purpose.NULLS);
  }

  /** Which leaf partition each row of a partitioned table goes to. */
  public static long partitionLeaf(long tableStream) {
    return tagged(tableStream, Purpose.PARTITION_LEAF);
  }

  /** A partition-key column's values inside leaf partition {@code leaf}. */
  public static long leaf(long columnStream, int leaf) {
    return tagged(columnStream, Purpose.LEAF, leaf);
  }

  /** The row stream the columns of correlated group {@code group} share. */
  public static long group(long tableStream, String group) {
    return tagged(tableStream, Purpose.GROUP, group);
  }

  /** The parent picks of foreign key {@code constraint}. */
  public static long foreignKey(long tableStream, String constraint) {
    return tagged(tableStream, Purpose.FOREIGN_KEY, constraint);
  }

  /** The child count under each parent row of a table with a variable fan-out. */
  public static long fanout(long tableStream) {
    return tagged(tableStream, Purpose.FANOUT);
  }

  /** Element {@code index} of an array column. */
  public static long arrayElement(long columnStream, int index) {
    return tagged(columnStream, Purpose.ARRAY_ELEMENT, index);
  }

  /** The seed of the planner's pool of values matching a column's pattern CHECKs. */
  public static long pattern(long columnStream) {
    return tagged(columnStream, Purpose.PATTERN);
  }

  /** The seed of the planner's pool of values matching an array column's element patterns. */
  public static long elementPattern(long columnStream) {
    return tagged(columnStream, Purpose.ELEMENT_PATTERN);
  }

  /** The table stream of the planner's candidate rows for a CHECK the server decides. */
  public static long checkCandidates(long tableStream, String constraint) {
    return tagged(tableStream, Purpose.CHECK_CANDIDATES, constraint);
  }

  /** The seed of the planner's pool of values of a column's own (its vocabulary, its documents). */
  public static long realisticPool(long columnStream) {
    return tagged(columnStream, Purpose.REALISTIC_POOL);
  }

  /**
   * The seed of the planner's pool described by {@code description}: a function of the job seed and
   * what the pool is drawn from, never of the table or column that takes it.
   */
  public static long pool(long seed, String description) {
    return tagged(seed, Purpose.POOL, description);
  }

  static long tagged(long parent, Purpose purpose) {
    check(purpose, Purpose.Argument.NONE);
    return Seeds.fromHash(parent, purpose.prefixHash);
  }

  static long tagged(long parent, Purpose purpose, String name) {
    check(purpose, Purpose.Argument.NAME);
    return Seeds.fromHash(
        parent, Seeds.fnv(purpose.prefixHash, name.getBytes(StandardCharsets.UTF_8)));
  }

  static long tagged(long parent, Purpose purpose, String first, String second) {
    check(purpose, Purpose.Argument.QUALIFIED_NAME);
    long h = Seeds.fnv(purpose.prefixHash, first.getBytes(StandardCharsets.UTF_8));
    h = Seeds.fnv(h, PURPOSE_MARK);
    return Seeds.fromHash(parent, Seeds.fnv(h, second.getBytes(StandardCharsets.UTF_8)));
  }

  static long tagged(long parent, Purpose purpose, long index) {
    check(purpose, Purpose.Argument.INDEX);
    long h = purpose.prefixHash;
    for (int shift = 56; shift >= 0; shift -= 8) {
      h = Seeds.fnv(h, (byte) (index >>> shift));
    }
    return Seeds.fromHash(parent, h);
  }

  private static void check(Purpose purpose, Purpose.Argument argument) {
    if (purpose.untagged() || purpose.argument() != argument) {
      throw new IllegalArgumentException(
          "stream purpose "
              + purpose
              + " takes "
              + (purpose.untagged() ? "a bare name" : purpose.argument())
              + ", not a tagged "
              + argument);
    }
  }
}
