package io.spate.core.plan;

import io.spate.engine.target.TargetDialect;

/**
 * What the planner needs to know of how the target loads rows, from its {@link TargetDialect}.
 *
 * @param foreignKeyChecksOff every load runs with the server's foreign-key checks off ({@link
 *     TargetDialect#loadsWithForeignKeyChecksOff}): the insert writes every reference, so no table
 *     has a second pass ({@link Order#secondPassOf})
 * @param indexesAfterLoad the target can load a whole table with its indexes built after the rows
 *     ({@link TargetDialect#buildsIndexesAfterLoad}; {@link IndexBuild})
 */
public record LoadTraits(boolean foreignKeyChecksOff, boolean indexesAfterLoad) {

  /** No target: the plan of a fill that keeps every check and builds indexes during the load. */
  public static final LoadTraits NONE = new LoadTraits(false, false);

  /**
   * Files: nothing checks a foreign key, so every reference is written in the insert and each
   * table's rows are its own tasks' alone; there are no indexes.
   */
  public static final LoadTraits FILES = new LoadTraits(true, false);

  public static LoadTraits of(TargetDialect dialect) {
    return new LoadTraits(dialect.loadsWithForeignKeyChecksOff(), dialect.buildsIndexesAfterLoad());
  }
}
