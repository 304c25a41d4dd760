/**
 * Planning: row counts, lineage (tables filled per a parent), dependency levels, a rule per column
 * and per foreign key, and tasks. Keys come out unique by construction and references point at rows
 * that exist, so the plan needs no feedback from the database. Realistic text values, correlated
 * ones included, are drawn here into the plan, so workers need no Datafaker. What a drawn column
 * means ({@link io.spate.core.plan.Meanings}: a flag, a creation time, a vocabulary, ...) decides
 * its domain ({@code MeaningDomains}) and its relations to its row and its parents ({@code
 * Lifecycle}, {@code Wholes}).
 *
 * <p>{@link io.spate.core.plan.Planner} runs a chain of stages, each taking records and returning
 * one, all reporting to one problems collector; every problem is reported at once, before anything
 * is written. {@link io.spate.core.plan.Plans#checkedPlan} adds the check of the plan's literals by
 * the worker's engine, for the commands that run a fill.
 */
package io.spate.core.plan;
