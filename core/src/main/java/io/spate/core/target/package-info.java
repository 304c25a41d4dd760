/**
 * Preparation and finishing touches on the target's tables, shared by local and distributed fills:
 * emptiness checks or TRUNCATE before, sequences and ANALYZE after each table, and the foreign-key
 * validation a load with triggers off needs once every table is full; and what each target's
 * judging of candidate rows for unread CHECKs shares ({@link
 * io.spate.core.target.TableCheckServer}).
 */
package io.spate.core.target;
