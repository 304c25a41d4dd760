/**
 * The schema model: tables, columns, keys, foreign keys and CHECK constraints as the database
 * declares them. Immutable records with no behaviour beyond lookups; introspection fills them, the
 * planner reads them.
 */
package io.spate.protocol.schema;
