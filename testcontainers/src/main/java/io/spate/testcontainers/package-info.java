/**
 * {@link io.spate.testcontainers.SpateContainers}: a schema script applied to a Testcontainers
 * database, or to any {@code DataSource}, then the {@link io.spate.api.Spate} fill of it.
 */
package io.spate.testcontainers;
