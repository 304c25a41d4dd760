/**
 * The model of a job: {@link io.spate.core.job.JobTracker}, one pure fold of a job's plan and the
 * events of its tasks into task states, the tables to release, the tasks to publish (again) and the
 * job's state. No I/O and no clock of its own: time comes in as an argument, so retries, backoff
 * and stalls are tested with plain numbers. Local mode, the distributed follower, the service and
 * {@code spate status} all read it; their I/O only moves messages in and out.
 */
package io.spate.core.job;
