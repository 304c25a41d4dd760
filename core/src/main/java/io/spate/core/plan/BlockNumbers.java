package io.spate.core.plan;

import io.spate.core.config.ColumnConfig;
import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import java.util.List;

/**
 * The rule of a column the config gives a {@code block}: it numbers the blocks of that many
 * consecutive rows, from {@code min} (default 1), so row {@code r} holds {@code min + r / block}
 * (pgbench's {@code pgbench_accounts.bid}: 100,000 accounts to a branch, the first 100,000 in
 * branch 1). A cell stays a pure function of its row: a key sequence whose ordinal is divided by
 * the block ({@link ColumnPlan.KeySequence#block}). Invariant: the table's rows are its slots one
 * for one (a table sized by {@code rows}, or {@code per} with fixed counts all the way up), so "the
 * r-th row" means the same thing however the rows are split into tasks; anything else is a problem
 * naming the column.
 */
final class BlockNumbers {

  private BlockNumbers() {}

  /** The settings a block column takes beside {@code block}: where its numbers start. */
  private static final List<String> HONOURED = List.of("block", "min");

  /**
   * The column's rule, or a skip after adding the problems that keep the config's block from
   * applying.
   *
   * @param rows the rows the table gets
   * @param slots the table's slots (as many as its rows when no ranged count leaves gaps)
   */
  static ColumnPlan plan(
      Table t, Column c, ColumnConfig cc, long rows, long slots, Problems problems) {
    String where = t.id() + "." + c.name();
    int before = problems.list().size();
    long block = cc.block();
    if (block < 1) {
      problems.add(where + ": block " + block + " must be at least 1 (rows that share a number)");
    }
    List<String> others = cc.settings().stream().filter(s -> !HONOURED.contains(s)).toList();
    if (!others.isEmpty()) {
      problems.add(
          where
              + ": the config's block numbers the blocks of rows, so its "
              + String.join(", ", others)
              + " cannot apply too; remove "
              + (others.size() == 1 ? "it" : "them")
              + " (block takes min, the first block's number)");
    }
    long first = 1;
    if (cc.min() != null) {
      try {
        first = Long.parseLong(cc.min().strip());
      } catch (NumberFormatException e) {
        problems.add(
            where
                + ": min '"
                + cc.min()
                + "' with block must be a whole number (the first block's)");
      }
    }
    long largest =
        switch (c.type()) {
          case SMALLINT -> Short.MAX_VALUE;
          case INTEGER -> Integer.MAX_VALUE;
          case BIGINT, NUMERIC -> Long.MAX_VALUE;
          default -> 0;
        };
    if (largest == 0) {
      problems.add(
          where
              + " has type "
              + c.typeName()
              + ": block numbers rows with whole numbers, so it takes a smallint, integer, bigint"
              + " or numeric column");
    } else if (block >= 1 && rows > 0 && first + (rows - 1) / block > largest) {
      problems.add(
          where
              + ": "
              + rows
              + " rows in blocks of "
              + block
              + " from "
              + first
              + " reach "
              + (first + (rows - 1) / block)
              + ", past what "
              + c.typeName()
              + " holds");
    }
    if (slots != rows) {
      problems.add(
          where
              + ": block numbers the table's rows in order, but '"
              + t.id()
              + "' is filled per parent with a ranged count ("
              + rows
              + " rows in "
              + slots
              + " slots), so its rows have no fixed order; give it rows, or fixed counts");
    }
    if (problems.list().size() > before) {
      return new ColumnPlan.Skip(c.name(), "the config's block cannot apply");
    }
    return ColumnPlan.KeySequence.blocks(c.name(), first, block);
  }
}
