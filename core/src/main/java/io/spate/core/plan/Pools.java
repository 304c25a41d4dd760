package io.spate.core.plan;

import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import io.spate.protocol.seed.Streams;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The planner's costly pools of values (a recognised name's realistic text, a group's records,
 * amounts, documents), each drawn from a {@link Random} seeded by the job seed and a description of
 * exactly what the draw reads ({@link Streams#pool}): the kind of value and the column's length and
 * type, never the table or the column that asks. So columns alike take one pool, the same list: a
 * plan of thousands of tables holds a few pools and draws each once, and a job's record lists each
 * once. A column still picks from the pool by its own cell stream, so every cell stays a pure
 * function of (seed, table, column, row).
 *
 * <p>Invariant: a description names everything its draw reads, and starts with its drawer's name,
 * so one description always gives one pool.
 */
final class Pools {

  /**
   * Pools kept in this JVM (a library user's next fill of the same seed draws none); then reset.
   */
  static final int MAX_KEPT = 4096;

  private record Key(long stream, String description) {}

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
   * The pool {@code description} names at job seed {@code seed}, which every column it fits shares,
   * drawn by {@code draw} on first use.
   */
  static <T> T shared(long seed, String description, Function<Random, T> draw) {
    return kept(Streams.pool(seed, description), description, draw);
  }

  /**
   * The pool of column {@code c} of table {@code t} alone, drawn by {@code draw} from the column's
   * pool stream on first use; {@code description} names what else the draw reads.
   */
  static <T> T ofColumn(
      long seed, Table t, Column c, String description, Function<Random, T> draw) {
    return kept(
        Streams.realisticPool(Streams.cells(Shape.stream(seed, t), c.name())), description, draw);
  }

  @SuppressWarnings("unchecked")
  private static <T> T kept(long stream, String description, Function<Random, T> draw) {
    if (KEPT.size() >= MAX_KEPT) {
      KEPT.clear();
    }
    Drawn drawn =
        KEPT.computeIfAbsent(
            new Key(stream, description), k -> new Drawn(draw, new Random(stream)));
    return (T) drawn.values();
  }
}
