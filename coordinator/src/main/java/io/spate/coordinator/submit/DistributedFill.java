package io.spate.coordinator.submit;

import io.spate.core.job.JobTracker;
import io.spate.core.job.Retries;
import io.spate.core.local.Completion;
import io.spate.core.progress.FillProgress;
import io.spate.core.target.FillCheck;
import io.spate.core.target.ForeignKeys;
import io.spate.core.target.OutputTarget;
import io.spate.engine.target.Outage;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.message.TaskMessage;
import io.spate.protocol.message.UnsupportedMessageException;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.kafka.SkippedRecords;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator's side of a distributed fill: publishes a job and its tasks, then follows the job
 * from the events topic. What to publish and when is the {@link JobTracker}'s to say (release as
 * soon as every referenced table is done, retries with backoff, stalled tasks; the ledger keeps a
 * doubled task single); this class only moves messages: events from Kafka into the tracker, the
 * tracker's publications onto Kafka, and the job's end onto the jobs topic.
 *
 * <p>Following a job this process did not just publish starts by replaying the job's events from
 * the beginning, so a coordinator restarted mid-job picks up where the job stands and publishes
 * again only unfinished tasks. A job just published ({@link Submission}) has no events yet (workers
 * report only tasks, and its tasks are published by {@link #follow()}): its follower reads from the
 * events topic's end as it stood before the first task went out, and its consumer is opened in the
 * background while the job record is published. The coordinator never writes rows; it empties
 * tables before and ANALYZEs them after. Its own work on the target while the job runs rides out a
 * lost connection ({@link Outage}), as the workers' does.
 *
 * <p>Threads: the tracker is fed only by the thread in {@link #follow()}; others may read it.
 */
public final class DistributedFill implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(DistributedFill.class);

  /**
   * Sees what the follower sees: each task published and each event of the job (replayed ones too).
   * Called on the following thread; an observer must be quick and must not throw.
   */
  public interface Observer {
    Observer NONE = new Observer() {};

    default void published(String taskId, String table, int attempt) {}

    /**
     * @param timestampMillis when the event reached Kafka
     */
    default void event(EventMessage event, long timestampMillis, boolean replaying) {}
  }

  /**
   * How {@link #follow()} ends when {@link #cancel()} stopped it: the job is recorded CANCELLED.
   */
  public static final class CancelledException extends SpateException {
    private static final long serialVersionUID = 1L;

    CancelledException(String message) {
      super(message);
    }
  }

  /**
   * How long after a cancel is recorded a worker may still start a task of the job (it took the
   * task before its job cache saw the cancel); the cancel's report waits at least this long.
   */
  private static final long CANCEL_SEEN_NANOS = 1_000_000_000L;

  private final KafkaSettings kafka;
  private final JobMessage job;
  private final JobTarget target;

  private final FillProgress progress;
  private final JobTracker tracker;
  private final KafkaProducer<String, byte[]> producer;

  /** The largest record the producer sends: a job record past it is refused before publishing. */
  private final int maxRecordBytes;

  /** A new job's record, encoded when this follower is made (null for a takeover's). */
  private final byte[] jobRecord;

  private final TaskPlacement placement;
  private final Outage outage;

  /**
   * How many of the steps a full table takes (its sequences and ANALYZE, its count, the checks of
   * the keys it completes) run at once, beside the other tables' loads.
   */
  private static final int FINISHING_THREADS = 2;

  /**
   * The target connections a follower uses at most, its callers sizing their pools by it: the
   * finishing threads', the tables' claim's, and the following thread's own (identity, end count).
   */
  public static final int CONNECTIONS = FINISHING_THREADS + 2;

  private final ExecutorService finisher =
      Executors.newFixedThreadPool(FINISHING_THREADS, r -> new Thread(r, "spate-finish"));

  /**
   * The steps on full tables, in the order submitted: a table's key checks are added by its finish,
   * before that finish's future is done.
   */
  private final List<Future<?>> finishing = new CopyOnWriteArrayList<>();

  /** Which tables are full and which keys checkable; its calls hold its lock. */
  private final Completion completion;

  /** The keys checked as their tables filled, for workers that loaded with the checks off. */
  private final List<ForeignKeys.Checked> checked = new CopyOnWriteArrayList<>();

  /** The events consumer, opened in the background; {@link #follow()} takes it, or close does. */
  private final FutureTask<KafkaConsumer<String, byte[]>> events;

  private final AtomicBoolean eventsTaken = new AtomicBoolean();

  /** Whether the job was published by this process just now: its events start at the end. */
  private final boolean newJob;

  private volatile Observer observer = Observer.NONE;

  /** A worker ran the job's tasks dry ({@code --dry-run}): their rows were never written. */
  private volatile boolean discarded;

  /** What the tables held at the job's end ({@link FillCheck}); null until it is DONE. */
  private volatile FillCheck.Result result;

  private volatile boolean cancelled;

  /** When the latest event of the job that changed it happened; only the following thread. */
  private long lastEventNanos;

  /** Follows a job published before, replaying its events from the beginning (a takeover). */
  public DistributedFill(
      KafkaSettings kafka,
      JobMessage job,
      DataSource target,
      FillProgress progress,
      Retries retries,
      Outage outage) {
    this(kafka, job, new JobTarget.Database(job, target), progress, retries, outage, false);
  }

  /** Follows a job that writes files, published before, into {@code output} opened for it. */
  public DistributedFill(
      KafkaSettings kafka,
      JobMessage job,
      OutputTarget.Opened output,
      FillProgress progress,
      Retries retries) {
    this(kafka, job, new JobTarget.Output(job, output), progress, retries, Outage.NONE, false);
  }

  /**
   * @param newJob the job is this process's to publish and has no events yet
   */
  DistributedFill(
      KafkaSettings kafka,
      JobMessage job,
      JobTarget target,
      FillProgress progress,
      Retries retries,
      Outage outage,
      boolean newJob) {
    this.kafka = kafka;
    this.newJob = newJob;
    this.outage = outage;
    this.job = job;
    this.target = target;
    this.progress = progress;
    this.tracker = new JobTracker(job.plan(), retries);
    this.completion = new Completion(job.plan());
    this.lastEventNanos = progress.startNanos();
    Properties p = producerProperties(kafka);
    producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer());
    maxRecordBytes = Integer.parseInt(p.getProperty(ProducerConfig.MAX_REQUEST_SIZE_CONFIG));
    placement = new TaskPlacement(kafka, producer.partitionsFor(kafka.topics().tasks()).size());
    events = new FutureTask<>(this::eventsConsumer);
    Thread.ofPlatform().daemon().name("spate-events-open").start(events);
    try {
      jobRecord = newJob ? encode(kafka.topics().jobs(), job) : null;
    } catch (RuntimeException e) {
      closeClients();
      throw e;
    }
  }

  /**
   * The coordinator's producer: every record acknowledged by all replicas, once; job records up to
   * {@link KafkaSettings#JOB_RECORD_BYTES} (unless {@code --kafka-config} sets {@code
   * max.request.size}), sent gzip-compressed, so a plan of thousands of tables needs no setting.
   */
  static Properties producerProperties(KafkaSettings kafka) {
    Properties p = kafka.client();
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
    p.putIfAbsent(
        ProducerConfig.MAX_REQUEST_SIZE_CONFIG, Integer.toString(KafkaSettings.JOB_RECORD_BYTES));
    p.putIfAbsent(ProducerConfig.COMPRESSION_TYPE_CONFIG, "gzip");
    return p;
  }

  public String jobId() {
    return job.jobId();
  }

  /** The job as its events have moved it so far; fed by the following thread, readable by any. */
  public JobTracker tracker() {
    return tracker;
  }

  /** Sets who sees the tasks published and events handled; before {@link #follow()}. */
  public void observe(Observer o) {
    this.observer = o == null ? Observer.NONE : o;
  }

  /**
   * Asks {@link #follow()} to stop: it publishes no more tasks, records the job CANCELLED (so
   * workers skip its tasks still queued) and throws {@link CancelledException}. A task a worker is
   * running commits whole or rolls back whole (its rows and ledger row share one transaction), so a
   * cancelled job leaves only complete tasks behind. Safe from any thread.
   */
  public void cancel() {
    cancelled = true;
  }

  /**
   * Claims the job's tables for this follower of a job published before (a takeover): the job's
   * claim its submitter left is taken back; a table another running job claims refuses it.
   *
   * @param holder who follows, for a refused fill's message
   */
  public void claimTables(String holder) {
    if (target instanceof JobTarget.Database database) {
      database.claim(holder);
    } // an output was claimed when it was opened for the job
  }

  /** What the tables held when the job ended DONE, with its fingerprint; null before. */
  public FillCheck.Result result() {
    return result;
  }

  /**
   * Publishes the job record, encoded when this follower was made; tasks follow from {@link
   * #follow()}.
   */
  public void publishJob() {
    if (jobRecord == null) {
      throw new IllegalStateException("job " + job.jobId() + " is not new: it has its record");
    }
    send(kafka.topics().jobs(), job.jobId(), jobRecord);
  }

  /**
   * Follows the job to its end: replays its events, publishes the tasks of every released table
   * that are not done, then handles new events until every table is done (returns) or a task fails
   * for good (throws, after recording the job as failed).
   */
  public void follow() {
    // before anything is published or recorded: a job that is not this coordinator's stays
    // RUNNING on Kafka for the coordinator of its own database
    outage.rideOut("job " + job.jobId() + ": reading the target's identity", target::requireOwn);
    if (!eventsTaken.compareAndSet(false, true)) {
      throw new IllegalStateException("job " + job.jobId() + " is followed once");
    }
    KafkaConsumer<String, byte[]> events = get(this.events, "opening the events consumer");
    try {
      if (!newJob) {
        replay(events);
      }
      while (true) {
        checkCancelled(events);
        publish(tracker.due(System.nanoTime()));
        checkFinishing();
        if (tracker.jobState() == JobMessage.State.DONE) {
          break;
        }
        for (ConsumerRecord<String, byte[]> r : events.poll(Duration.ofMillis(200))) {
          handle(r, false);
        }
        if (tracker.jobState() == JobMessage.State.FAILED) {
          throw new SpateException("job " + job.jobId() + " / " + tracker.error());
        }
      }
      progress.markEnded(lastEventNanos); // the job's last row committed then
      awaitFinishing();
      ForeignKeys.requireNone(job.plan(), checked);
      outage.rideOut(
          "job " + job.jobId() + ": counting the tables' rows",
          () -> {
            if (discarded) {
              return; // dry-run workers generated the rows and wrote none, as asked
            }
            result = target.verify();
          });
      send(kafka.topics().jobs(), job.jobId(), job.withState(JobMessage.State.DONE, null));
      producer.flush();
      target.release();
    } catch (CancelledException e) {
      send(
          kafka.topics().jobs(),
          job.jobId(),
          job.withState(JobMessage.State.CANCELLED, e.getMessage()));
      producer.flush();
      target.release();
      throw e;
    } catch (SpateException e) {
      send(
          kafka.topics().jobs(),
          job.jobId(),
          job.withState(JobMessage.State.FAILED, e.getMessage()));
      producer.flush();
      target.release();
      throw e;
    } finally {
      // assigned, in no group: nothing to commit or leave, so it closes without waiting out the
      // fetch parked at the broker (up to fetch.max.wait.ms, which would delay every job's end)
      events.close(CloseOptions.timeout(Duration.ZERO));
    }
  }

  /**
   * After {@link #cancel()}: publishes nothing more, records the job CANCELLED (workers skip its
   * queued tasks from then on), follows the tasks running then until they commit or roll back
   * ({@link JobTracker#anyRunning}), folds in what the ledger holds, and throws {@link
   * CancelledException} with the tasks done as the database has them.
   */
  private void checkCancelled(KafkaConsumer<String, byte[]> events) {
    if (!cancelled) {
      return;
    }
    tracker.cancel();
    send(
        kafka.topics().jobs(),
        job.jobId(),
        job.withState(JobMessage.State.CANCELLED, "job " + job.jobId() + " cancelled"));
    long cancelledAt = System.nanoTime();
    do {
      for (ConsumerRecord<String, byte[]> r : events.poll(Duration.ofMillis(200))) {
        handle(r, false);
      }
    } while (System.nanoTime() - cancelledAt < CANCEL_SEEN_NANOS
        || tracker.anyRunning(System.nanoTime()));
    foldLedger();
    JobTracker.Summary s = tracker.summary();
    throw new CancelledException(
        "job "
            + job.jobId()
            + " cancelled with "
            + s.tasksDone()
            + " of "
            + s.tasksTotal()
            + " tasks done ("
            + s.rowsDone()
            + " rows committed)");
  }

  /**
   * Folds in each task the ledger holds as committed that no event has reported (its event is late,
   * or was never sent), so the job's counts are what the target holds. Read once, at a cancel; a
   * ledger that cannot be read leaves the events' counts, with a warning.
   */
  private void foldLedger() {
    Map<String, Long> committed;
    try {
      committed = target.committed();
    } catch (SpateException e) {
      log.warn("job {}: tasks done as its events report them: {}", job.jobId(), e.getMessage());
      return;
    }
    long now = System.nanoTime();
    committed.forEach(
        (taskId, rows) ->
            tracker
                .succeeded(taskId, rows, now)
                .ifPresent(c -> progress.table(c.table()).add(c.rowsDelta())));
  }

  /**
   * A consumer of the events topic: from the beginning, or for a new job from the end, whose
   * position is fixed here, before any task of the job is published.
   */
  private KafkaConsumer<String, byte[]> eventsConsumer() {
    Properties p = kafka.consumer();
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    KafkaConsumer<String, byte[]> c =
        new KafkaConsumer<>(p, new StringDeserializer(), new ByteArrayDeserializer());
    try {
      List<TopicPartition> partitions =
          c.partitionsFor(kafka.topics().events()).stream()
              .map(i -> new TopicPartition(i.topic(), i.partition()))
              .toList();
      c.assign(partitions);
      if (newJob) {
        c.seekToEnd(partitions);
        partitions.forEach(c::position); // resolved now: seeks are lazy
      } else {
        c.seekToBeginning(partitions);
      }
      return c;
    } catch (RuntimeException e) {
      c.close(CloseOptions.timeout(Duration.ZERO));
      throw e;
    }
  }

  /** Reads every event already on the topic, so a restarted coordinator knows what is done. */
  private void replay(KafkaConsumer<String, byte[]> events) {
    Map<TopicPartition, Long> end = events.endOffsets(events.assignment());
    while (end.entrySet().stream().anyMatch(e -> events.position(e.getKey()) < e.getValue())) {
      for (ConsumerRecord<String, byte[]> r : events.poll(Duration.ofMillis(200))) {
        handle(r, true);
      }
    }
  }

  /**
   * Feeds one event of the job to the tracker (an event that cannot be read is logged and skipped),
   * and what it changed to the progress, the placement and the observer; a table it completes is
   * ANALYZEd in the background.
   *
   * @param replaying the event is history: a failure counts as an attempt but schedules nothing
   */
  private void handle(ConsumerRecord<String, byte[]> record, boolean replaying) {
    if (!job.jobId().equals(record.key())) {
      return;
    }
    EventMessage event;
    try {
      event = Messages.decodeEvent(record.value());
    } catch (UnsupportedMessageException e) {
      // garbage under this job's key: the job's real events still come, so it is not the job's end
      log.warn("job {}: {}", job.jobId(), SkippedRecords.describe(record, e.getMessage()));
      return;
    }
    Optional<JobTracker.Change> changed = tracker.on(event, System.nanoTime(), replaying);
    if (changed.isEmpty()) {
      return; // a task done already, or not of this plan
    }
    JobTracker.Change change = changed.get();
    discarded |= event.discarded();
    observer.event(event, record.timestamp(), replaying);
    long at = FillProgress.nanosAt(record.timestamp()); // when it happened, replayed or not
    FillProgress.TableProgress table = progress.table(change.table());
    if (event.type() == EventMessage.Type.STARTED) {
      table.markStarted(at);
    }
    table.add(change.rowsDelta()); // a rolled-back attempt's rows are taken back
    if (event.type() == EventMessage.Type.SUCCEEDED || event.type() == EventMessage.Type.FAILED) {
      placement.settled(change.taskId());
    }
    if (change.tableDone()) {
      finishTable(change.table(), at);
    }
    lastEventNanos = at;
  }

  /**
   * Marks a table finished (at {@code atNanos}), with the other tables of the joint group it leads,
   * and, in the background, finishes and counts each that is now full; once a finish is done, the
   * foreign keys it made checkable are checked when the workers loaded with the checks off (as a
   * local fill does).
   */
  private void finishTable(String table, long atNanos) {
    List<TablePlan> full;
    synchronized (completion) {
      full = completion.finished(progress.markFinished(table, atNanos));
    }
    for (TablePlan plan : full) {
      inBackground(
          "sequences and ANALYZE of " + plan.name(),
          () -> {
            target.finish(plan);
            List<ForeignKeys.Key> keys;
            synchronized (completion) {
              keys = completion.completed(plan);
            }
            if (job.validatesForeignKeysAtEnd()) {
              keys.forEach(this::check);
            }
          });
      inBackground("counting the rows of " + plan.name(), () -> target.count(plan));
    }
  }

  private void check(ForeignKeys.Key key) {
    inBackground(
        "validating foreign key " + key.fk().name() + " of " + key.child().name(),
        () -> checked.add(new ForeignKeys.Checked(key, target.orphans(key))));
  }

  /** Runs {@code step} on the target on a finishing thread, riding out a lost connection. */
  private void inBackground(String doing, Runnable step) {
    finishing.add(
        finisher.submit(
            () ->
                outage.rideOut(
                    "job " + job.jobId() + ": " + doing,
                    () -> {
                      target.requireOwn();
                      step.run();
                    })));
  }

  /** Publishes what the tracker says is due, and waits until all of it is on the topic. */
  private void publish(List<JobTracker.Publication> due) {
    List<Future<?>> sent = new ArrayList<>();
    for (JobTracker.Publication p : due) {
      Task task = p.task();
      observer.published(p.taskId(), task.table(), p.attempt());
      sent.add(
          producer.send(
              new ProducerRecord<>(
                  kafka.topics().tasks(),
                  placement.place(p.taskId(), task.end() - task.start()),
                  p.taskId(),
                  Messages.encode(
                      new TaskMessage(
                          Messages.VERSION,
                          job.jobId(),
                          p.taskId(),
                          task.table(),
                          task.start(),
                          task.end(),
                          p.attempt())))));
    }
    if (!sent.isEmpty()) {
      producer.flush();
    }
    for (Future<?> f : sent) {
      get(f, "publishing tasks to " + kafka.topics().tasks());
    }
  }

  private void checkFinishing() {
    for (Future<?> f : finishing) {
      if (f.isDone()) {
        get(f, "finishing a table");
      }
    }
  }

  /** Waits for every step on full tables, those its finishes add as it waits too. */
  private void awaitFinishing() {
    for (int i = 0; i < finishing.size(); i++) {
      get(finishing.get(i), "finishing a table");
    }
  }

  private <T> T get(Future<T> f, String doing) {
    try {
      return f.get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof SpateException se
          ? se
          : new SpateException(
              "job " + job.jobId() + ": " + doing + " failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SpateException("job " + job.jobId() + ": interrupted", e);
    }
  }

  /**
   * Publishes a job record and waits until it is on the topic, for as long as the producer keeps
   * trying (its {@code delivery.timeout.ms}), the bound every publication of a job has: a broker
   * restart is ridden out as the job ends as it is mid-job.
   */
  private void send(String topic, String key, Object message) {
    send(topic, key, encode(topic, message));
  }

  /** A record of the job for {@code topic}, refused here when the producer could not send it. */
  private byte[] encode(String topic, Object message) {
    byte[] bytes = Messages.encode(message);
    requireFits(job, topic, bytes.length, maxRecordBytes);
    return bytes;
  }

  private void send(String topic, String key, byte[] bytes) {
    try {
      producer.send(new ProducerRecord<>(topic, key, bytes)).get();
    } catch (ExecutionException e) {
      throw new SpateException(
          "job "
              + job.jobId()
              + ": cannot publish to "
              + topic
              + " at "
              + kafka.bootstrap()
              + ": "
              + e.getCause(),
          e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SpateException("job " + job.jobId() + ": interrupted while publishing", e);
    }
  }

  /**
   * Refuses a record of the job past the producer's {@code max.request.size} before it is sent,
   * naming its size and what to change (the producer would fail it with a bare
   * RecordTooLargeException).
   */
  static void requireFits(JobMessage job, String topic, int bytes, int maxBytes) {
    if (bytes > maxBytes) {
      throw new SpateException(
          "job "
              + job.jobId()
              + ": its record for "
              + topic
              + " is "
              + bytes
              + " bytes, more than the producer's "
              + ProducerConfig.MAX_REQUEST_SIZE_CONFIG
              + " of "
              + maxBytes
              + " ("
              + job.plan().tables().size()
              + " table plans); fill fewer tables per job, or raise "
              + ProducerConfig.MAX_REQUEST_SIZE_CONFIG
              + " (--kafka-config) and the topic's max.message.bytes");
    }
  }

  @Override
  public void close() {
    target.leave(); // the job goes on without this process (detached), or its end released it
    closeClients();
  }

  private void closeClients() {
    if (eventsTaken.compareAndSet(false, true)) { // never followed: the consumer is close's
      try {
        events.get().close(CloseOptions.timeout(Duration.ZERO));
      } catch (ExecutionException e) {
        // it never opened: nothing to close
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    finisher.shutdownNow();
    placement.close();
    producer.close(Duration.ofSeconds(5));
  }
}
