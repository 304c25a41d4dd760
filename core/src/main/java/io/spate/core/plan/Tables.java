package io.spate.core.plan;

import io.spate.protocol.plan.TablePlan;
import java.util.List;

/**
 * What {@link TableStage} assembled: the table plans in level order, second passes last.
 *
 * @param plans every table's plan, then the second pass ({@code name#refs}) of each table with
 *     deferred foreign keys and rows
 * @param levels the dependency levels, with one last level of the second passes when there are any
 */
record Tables(List<TablePlan> plans, List<List<String>> levels) {}
