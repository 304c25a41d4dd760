/**
 * The worker's command line ({@code spate worker}) and the Kafka options every Kafka-facing command
 * shares. The coordinator's CLI registers the same command, so both entry points agree.
 */
package io.spate.worker.cli;
