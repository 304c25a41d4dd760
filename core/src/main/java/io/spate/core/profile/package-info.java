/**
 * Profiles: a source database's shape read from its catalog and its planner's statistics ({@code
 * pg_class.reltuples}, {@code pg_stats}, {@code pg_stats_ext}) alone, never from a row of a user
 * table, and written as a reviewable YAML file. Source text appears in a profile only when asked
 * for; otherwise it is replaced by synthetic values of the same length and frequency.
 */
package io.spate.core.profile;
