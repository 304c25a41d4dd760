package io.spate.coordinator.submit;

import io.spate.coordinator.progress.FillProgress;
import io.spate.coordinator.settings.Settings;
import io.spate.coordinator.target.ForeignKeys;
import io.spate.coordinator.target.TargetTables;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.message.TaskMessage;
import io.spate.protocol.message.UnsupportedMessageException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import io.spate.worker.kafka.KafkaSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
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

/**
 * The coordinator's side of a distributed fill: publishes a job and its tasks, then follows the job
 * from the events topic. A table's tasks are published as soon as every table it references is done
 * (no barrier between levels); a failed task is published again with backoff while it may still
 * pass, and fails the job when it cannot; a task silent for longer than the stall timeout is
 * published again (the ledger keeps a doubled task single).
 *
 * <p>Following always starts by replaying the job's events from the beginning, so a coordinator
 * restarted mid-job picks up where the job stands and publishes again only unfinished tasks. The
 * coordinator never writes rows; it empties tables before and ANALYZEs them after.
 */
public final class DistributedFill implements AutoCloseable {

  /**
   * Limits on retries and silence; the defaults ({@link Settings#MAX_ATTEMPTS}, {@link
   * Settings#STALL_SECONDS}) suit tasks of seconds to minutes.
   */
  public record Retries(int maxAttempts, Duration firstBackoff, Duration stallTimeout) {
    public static final Retries DEFAULT =
        new Retries(
            Settings.MAX_ATTEMPTS.defaultValue(),
            Duration.ofSeconds(1),
            Duration.ofSeconds(Settings.STALL_SECONDS.defaultValue()));
  }

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

  private final KafkaSettings kafka;
  private final JobMessage job;
  private final DataSource target;
  private final FillProgress progress;
  private final Retries retries;
  private final KafkaProducer<String, byte[]> producer;
  private final TaskPlacement placement;
  private final ExecutorService finisher =
      Executors.newSingleThreadExecutor(r -> new Thread(r, "spate-finish"));

  private final Map<String, Task> tasks = new HashMap<>();
  private final Map<String, Long> rowsByTask = new HashMap<>();
  private final Set<String> doneTasks = new HashSet<>();
  private final Map<String, Integer> attempts = new HashMap<>();
  private final Map<String, Long> lastHeard = new HashMap<>();
  private final Map<String, Long> retryAt = new HashMap<>();
  private final Set<String> started = new HashSet<>();
  private final Set<String> released = new HashSet<>();
  private final Set<String> doneTables = new HashSet<>();
  private final List<Future<?>> finishing = new ArrayList<>();
  private final List<Future<?>> pending = new ArrayList<>();
  private volatile Observer observer = Observer.NONE;
  private volatile boolean cancelled;

  public DistributedFill(
      KafkaSettings kafka,
      JobMessage job,
      DataSource target,
      FillProgress progress,
      Retries retries) {
    this.kafka = kafka;
    this.job = job;
    this.target = target;
    this.progress = progress;
    this.retries = retries;
    Properties p = kafka.client();
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
    producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer());
    placement = new TaskPlacement(kafka, producer.partitionsFor(kafka.topics().tasks()).size());
    for (Task t : job.plan().tasks()) {
      tasks.put(taskId(t), t);
    }
  }

  /** The id of a task within its job: stable across attempts and coordinators. */
  public static String taskId(Task t) {
    return t.toString();
  }

  public String jobId() {
    return job.jobId();
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

  /** Publishes the job record; tasks follow from {@link #follow()}. */
  public void publishJob() {
    send(kafka.topics().jobs(), job.jobId(), job);
  }

  /**
   * Follows the job to its end: replays its events, publishes the tasks of every released table
   * that are not done, then handles new events until every table is done (returns) or a task fails
   * for good (throws, after recording the job as failed).
   */
  public void follow() {
    try (KafkaConsumer<String, byte[]> events = eventsConsumer()) {
      replay(events);
      checkCancelled();
      releaseReadyTables();
      flushTasks();
      while (doneTables.size() < job.plan().tables().size()) {
        checkCancelled();
        for (ConsumerRecord<String, byte[]> r : events.poll(Duration.ofMillis(200))) {
          handle(r, false);
        }
        retryDue();
        republishStalled();
        flushTasks();
        checkFinishing();
      }
      awaitFinishing();
      if (job.validatesForeignKeysAtEnd()) {
        ForeignKeys.validate(target, job.plan()); // workers may have loaded with the checks off
      }
      send(kafka.topics().jobs(), job.jobId(), job.withState(JobMessage.State.DONE, null));
      producer.flush();
    } catch (CancelledException e) {
      send(
          kafka.topics().jobs(),
          job.jobId(),
          job.withState(JobMessage.State.CANCELLED, e.getMessage()));
      producer.flush();
      throw e;
    } catch (SpateException e) {
      send(
          kafka.topics().jobs(),
          job.jobId(),
          job.withState(JobMessage.State.FAILED, e.getMessage()));
      producer.flush();
      throw e;
    }
  }

  private void checkCancelled() {
    if (cancelled) {
      throw new CancelledException(
          "job "
              + job.jobId()
              + " cancelled with "
              + doneTasks.size()
              + " of "
              + tasks.size()
              + " tasks done");
    }
  }

  private KafkaConsumer<String, byte[]> eventsConsumer() {
    Properties p = kafka.consumer();
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    KafkaConsumer<String, byte[]> c =
        new KafkaConsumer<>(p, new StringDeserializer(), new ByteArrayDeserializer());
    List<TopicPartition> partitions =
        c.partitionsFor(kafka.topics().events()).stream()
            .map(i -> new TopicPartition(i.topic(), i.partition()))
            .toList();
    c.assign(partitions);
    c.seekToBeginning(partitions);
    return c;
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
      throw new SpateException(
          "job "
              + job.jobId()
              + ": an event on "
              + kafka.topics().events()
              + " cannot be read: "
              + e.getMessage(),
          e);
    }
    String id = event.taskId();
    if (!tasks.containsKey(id) || doneTasks.contains(id)) {
      return;
    }
    lastHeard.put(id, System.nanoTime());
    started.add(id);
    observer.event(event, record.timestamp(), replaying);
    FillProgress.TableProgress table = progress.table(event.table());
    switch (event.type()) {
      case STARTED -> table.markStarted();
      case PROGRESSED -> addRows(id, table, event.rows());
      case SUCCEEDED -> {
        addRows(id, table, event.rows());
        doneTasks.add(id);
        retryAt.remove(id);
        placement.settled(id);
        finishTableIfDone(event.table());
      }
      case FAILED -> {
        placement.settled(id);
        addRows(id, table, 0);
        rowsByTask.remove(id); // the attempt rolled back: its rows are gone
        if (replaying) {
          attempts.merge(id, event.attempt() + 1, Math::max);
          return; // releasing the table publishes it again
        }
        int attempt = Math.max(attempts.getOrDefault(id, 1), event.attempt());
        if (!event.retriable() || attempt >= retries.maxAttempts()) {
          throw new SpateException(
              "job "
                  + job.jobId()
                  + " / task "
                  + id
                  + " ("
                  + (tasks.get(id).end() - tasks.get(id).start())
                  + " rows)"
                  + " failed"
                  + (event.retriable() ? " after " + attempt + " attempts" : "")
                  + " on worker "
                  + event.workerId()
                  + ": "
                  + event.error());
        }
        long backoff = retries.firstBackoff().toNanos() << Math.min(attempt - 1, 10);
        attempts.put(id, attempt + 1);
        retryAt.put(id, System.nanoTime() + backoff);
      }
    }
  }

  /**
   * Rows of a task as the latest event reports them; a rolled-back attempt's rows are taken back.
   */
  private void addRows(String taskId, FillProgress.TableProgress table, long rows) {
    long before = rowsByTask.getOrDefault(taskId, 0L);
    table.add(rows - before);
    rowsByTask.put(taskId, rows);
  }

  private void finishTableIfDone(String table) {
    boolean allDone =
        job.plan().tasks().stream()
            .filter(t -> t.table().equals(table))
            .allMatch(t -> doneTasks.contains(taskId(t)));
    if (!allDone || doneTables.contains(table)) {
      return;
    }
    TablePlan plan = job.plan().table(table);
    if (plan.rows() > 0) { // a table with no rows has no progress line and nothing to ANALYZE
      progress.table(table).markFinished();
      finishing.add(finisher.submit(() -> TargetTables.finish(target, plan)));
    }
    doneTables.add(table);
    releaseReadyTables();
  }

  /** Publishes the unfinished tasks of every table whose referenced tables are all done. */
  private void releaseReadyTables() {
    FillPlan plan = job.plan();
    for (TablePlan t : plan.tables()) {
      if (released.contains(t.name()) || !doneTables.containsAll(t.after())) {
        continue;
      }
      released.add(t.name());
      List<Task> open =
          plan.tasks().stream()
              .filter(task -> task.table().equals(t.name()) && !doneTasks.contains(taskId(task)))
              .toList();
      if (open.isEmpty()) {
        finishTableIfDone(t.name()); // done already, or a table with no rows
        continue;
      }
      for (Task task : open) {
        publishTask(task, attempts.getOrDefault(taskId(task), 1));
      }
    }
  }

  private void publishTask(Task task, int attempt) {
    String id = taskId(task);
    lastHeard.put(id, System.nanoTime());
    observer.published(id, task.table(), attempt);
    pending.add(
        producer.send(
            new ProducerRecord<>(
                kafka.topics().tasks(),
                placement.place(id),
                id,
                Messages.encode(
                    new TaskMessage(
                        Messages.VERSION,
                        job.jobId(),
                        id,
                        task.table(),
                        task.start(),
                        task.end(),
                        attempt)))));
  }

  /** Waits until every task published since the last call is on the topic. */
  private void flushTasks() {
    producer.flush();
    for (Future<?> f : pending) {
      get(f, "publishing tasks to " + kafka.topics().tasks());
    }
    pending.clear();
  }

  private void retryDue() {
    long now = System.nanoTime();
    for (var it = retryAt.entrySet().iterator(); it.hasNext(); ) {
      var e = it.next();
      if (e.getValue() <= now) {
        it.remove();
        publishTask(tasks.get(e.getKey()), attempts.get(e.getKey()));
      }
    }
  }

  /**
   * A started task nobody has reported on for the stall timeout is published again (a task still
   * waiting in the queue is Kafka's to deliver, and is left alone).
   */
  private void republishStalled() {
    long now = System.nanoTime();
    for (String table : released) {
      for (Task task : job.plan().tasks()) {
        String id = taskId(task);
        if (task.table().equals(table)
            && started.contains(id)
            && !doneTasks.contains(id)
            && !retryAt.containsKey(id)
            && now - lastHeard.getOrDefault(id, now) > retries.stallTimeout().toNanos()) {
          started.remove(id);
          publishTask(task, attempts.merge(id, 1, Integer::sum));
        }
      }
    }
  }

  private void checkFinishing() {
    for (Future<?> f : finishing) {
      if (f.isDone()) {
        get(f, "finishing a table");
      }
    }
  }

  private void awaitFinishing() {
    finishing.forEach(f -> get(f, "finishing a table"));
  }

  private void get(Future<?> f, String doing) {
    try {
      f.get();
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

  private void send(String topic, String key, Object message) {
    try {
      producer
          .send(new ProducerRecord<>(topic, key, Messages.encode(message)))
          .get(KafkaSettings.REACH_TIMEOUT_MS, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new SpateException(
          "job "
              + job.jobId()
              + ": cannot publish to "
              + topic
              + " at "
              + kafka.bootstrap()
              + ": "
              + e,
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SpateException("job " + job.jobId() + ": interrupted while publishing", e);
    }
  }

  @Override
  public void close() {
    finisher.shutdownNow();
    placement.close();
    producer.close(Duration.ofSeconds(5));
  }
}
