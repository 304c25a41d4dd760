/**
 * {@link io.spate.junit.Fill}: fills the database a JUnit Jupiter test class uses before its tests
 * run, through the Java API ({@link io.spate.api.Spate}). A fill the database already holds (the
 * ledger records it and the tables still hold its rows) is skipped, so test classes that ask for
 * the same fill of the same database pay for it once.
 */
package io.spate.junit;
