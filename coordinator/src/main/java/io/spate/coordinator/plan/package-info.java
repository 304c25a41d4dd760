/**
 * Planning: row counts, lineage (tables filled per a parent), dependency levels, a rule per column
 * and per foreign key, and tasks. Keys come out unique by construction and references point at rows
 * that exist, so the plan needs no feedback from the database. Realistic text values, correlated
 * ones included, are drawn here into the plan, so workers need no Datafaker.
 */
package io.spate.coordinator.plan;
