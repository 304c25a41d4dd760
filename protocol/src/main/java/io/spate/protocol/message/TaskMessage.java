package io.spate.protocol.message;

/**
 * One task on the tasks topic (keyed by task id): the slots [start, end) of a table in a job. The
 * same task may be delivered more than once; the ledger makes its effect happen once.
 *
 * @param taskId stable across attempts: {@code table[start,end)}
 * @param attempt 1 for the first publication, higher for retries
 */
public record TaskMessage(
    String v, String jobId, String taskId, String table, long start, long end, int attempt) {}
