/**
 * The embedded Kafka broker behind {@code spate broker} and {@code spate demo}: one KRaft node,
 * broker and controller in this JVM, bound to 127.0.0.1 only. It exists so a distributed fill can
 * run on one machine without a Kafka installation or Docker; it is never part of a worker.
 */
package io.spate.coordinator.broker;
