/**
 * The worker's command line ({@code spate worker}) and the Kafka options every Kafka-facing command
 * shares. The coordinator's CLI registers the same command, so both entry points agree; its service
 * stops the way the worker does ({@link io.spate.worker.cli.GracefulStop}).
 */
package io.spate.worker.cli;
