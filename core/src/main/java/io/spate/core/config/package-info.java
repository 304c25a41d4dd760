/**
 * The fill configuration file ({@code fill.yaml}) as immutable records. Unknown settings are errors
 * naming their path; names of tables and columns are checked against the schema by the planner,
 * which reports every problem at once.
 */
package io.spate.core.config;
