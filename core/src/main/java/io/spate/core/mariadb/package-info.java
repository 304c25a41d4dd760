/**
 * MariaDB and MySQL behind the coordinator's {@link io.spate.core.target.TargetSteps} seam ({@link
 * io.spate.core.mariadb.MariaDbSteps}); the worker side is {@code
 * io.spate.engine.mariadb.MariaDbDialect}.
 */
package io.spate.core.mariadb;
