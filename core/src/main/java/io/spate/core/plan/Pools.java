package io.spate.core.plan;

import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import io.spate.protocol.seed.Streams;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The planner's costly pools of values. A {@link #shared} pool (a recognised name's realistic text,
 * a group's records, amounts, free text) is drawn from a {@link Random} seeded by the job seed and
 * what its values are ({@link Streams#pool}: {@code realistic/city}, {@code records/person}), never
 * by the table or the column that asks, and shaped by the column (its length and type: values cut
 * to fit, those that fit kept). So columns alike take one pool, the same list: a plan of thousands
 * of tables holds a few pools and draws each once, and a job's record lists each once. Columns of
 * one kind and other lengths draw the same values, cut to theirs, so a fill is the same on targets
 * that declare a column's length differently (MariaDB's {@code TEXT} holds 65,535 bytes,
 * PostgreSQL's is unbounded). A pool that reads the column itself (a vocabulary of its own, its
 * documents' keys) is the column's own ({@link #ofColumn}), from its pool stream. A column picks
 * from either by its own cell stream, so every cell stays a pure function of (seed, table, column,
 * row).
 *
 * <p>Invariant: {@code what} and {@code shape} name everything a draw reads beside its stream, and
 * {@code what} starts with its drawer's name, so one stream and shape always give one pool.
 */
final class Pools {

  /**
   * Pools kept in this JVM (a library user's next fill of the same seed draws none); then reset.
   */
  static final int MAX_KEPT = 4096;

  private record Key(long stream, String shape) {}

  /** A pool drawn at most once, by the first thread that asks; the others wait for it. */
  private static final class Drawn {
    private final Function<Random, ?> draw;
    private final Random random;
    private Object values;

    Drawn(Function<Random, ?> draw, Random random) {
      this.draw = draw;
      this.random = random;
    }

    synchronized Object values() {
      if (values == null) {
        values = draw.apply(random);
      }
      return values;
    }
  }

  private static final Map<Key, Drawn> KEPT = new ConcurrentHashMap<>();

  private Pools() {}

  /**
   * The pool of values {@code what} names at job seed {@code seed}, in {@code shape} (what the draw
   * reads of the column: its length, its type), which every column of that kind and shape shares,
   * drawn by {@code draw} on first use.
   */
  static <T> T shared(long seed, String what, String shape, Function<Random, T> draw) {
    return kept(Streams.pool(seed, what), what + "|" + shape, draw);
  }

  /**
   * The pool of column {@code c} of table {@code t} alone, drawn by {@code draw} from the column's
   * pool stream on first use; {@code shape} names what else the draw reads.
   */
  static <T> T ofColumn(long seed, Table t, Column c, String shape, Function<Random, T> draw) {
    return kept(Streams.realisticPool(Streams.cells(Shape.stream(seed, t), c.name())), shape, draw);
  }

  @SuppressWarnings("unchecked")
  private static <T> T kept(long stream, String shape, Function<Random, T> draw) {
    if (KEPT.size() >= MAX_KEPT) {
      KEPT.clear();
    }
    Drawn drawn =
        KEPT.computeIfAbsent(new Key(stream, shape), k -> new Drawn(draw, new Random(stream)));
    return (T) drawn.values();
  }
}
