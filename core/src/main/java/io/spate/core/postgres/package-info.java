/**
 * PostgreSQL as a target: the coordinator side of the {@link io.spate.core.target.TargetSteps}
 * seam, delegating to the catalog readers of {@code introspect} and the table steps of {@code
 * target}, which speak PostgreSQL's SQL.
 */
package io.spate.core.postgres;
