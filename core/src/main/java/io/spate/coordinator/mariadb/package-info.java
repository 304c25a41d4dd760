/**
 * MariaDB and MySQL behind the coordinator's {@link io.spate.coordinator.target.TargetSteps} seam
 * ({@link io.spate.coordinator.mariadb.MariaDbSteps}); the worker side is {@code
 * io.spate.worker.mariadb.MariaDbDialect}.
 */
package io.spate.coordinator.mariadb;
