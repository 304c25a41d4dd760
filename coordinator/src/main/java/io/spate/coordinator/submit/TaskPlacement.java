package io.spate.coordinator.submit;

import io.spate.worker.kafka.KafkaSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Chooses the tasks-topic partition of each task so that the workers share a table's tasks evenly.
 * A worker owns whole partitions and runs one task of a partition at a time, so hashing task ids
 * onto partitions can queue two tasks of a table behind each other on one worker while another
 * idles. Instead each task goes to the worker (consumer-group member) with the fewest rows in
 * unfinished tasks, and there to its partition with the fewest: rows, not tasks, so a worker busy
 * with a large task is not handed the next task of a later table while another works through a
 * small one.
 *
 * <p>Placement only steers load: whatever partition a task lands on, any worker that owns it runs
 * it, and the ledger keeps its effect single. When the group cannot be described (no worker yet, a
 * rebalance, no DESCRIBE permission) tasks spread over all partitions in an order that alternates
 * between the halves, quarters, ... of the partition range (how the default range assignor hands
 * partitions to members). Used only by the following thread.
 *
 * <p>The group is read in the background, at most once a TTL, and each placement takes the latest
 * read that has come back; only the first placement waits for the read started with the placement,
 * so a job's first tasks are placed by the group as it stands, not spread blindly.
 */
final class TaskPlacement implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(TaskPlacement.class);

  /** How long a read of the group's assignment stands before placement reads it again. */
  private static final long MEMBERS_TTL_NANOS = TimeUnit.SECONDS.toNanos(1);

  private static final int DESCRIBE_TIMEOUT_MS = 2_000;

  private final Admin admin;
  private final String group;
  private final String topic;

  /** Rows of the unfinished tasks placed on each partition. */
  private final long[] unfinished;

  private final List<Integer> spreadOrder;
  private final Map<String, Placed> placed = new HashMap<>();
  private List<List<Integer>> members = List.of();

  /** The read of the group under way; null once taken and until the next one starts. */
  private KafkaFuture<ConsumerGroupDescription> reading;

  private long readStartedAt;
  private boolean everTaken;
  private boolean describeRefused;

  TaskPlacement(KafkaSettings kafka, int partitions) {
    this.admin = Admin.create(kafka.client());
    this.group = kafka.workerGroup();
    this.topic = kafka.topics().tasks();
    this.unfinished = new long[partitions];
    this.spreadOrder = spreadOrder(partitions);
    startRead(System.nanoTime());
  }

  private record Placed(int partition, long rows) {}

  /**
   * The partition for a task of {@code rows} rows about to be published; it counts as unfinished
   * until settled.
   */
  int place(String taskId, long rows) {
    settled(taskId); // a task published again leaves its old partition
    refreshMembers();
    int partition = choose(members, unfinished, spreadOrder);
    unfinished[partition] += rows;
    placed.put(taskId, new Placed(partition, rows));
    return partition;
  }

  /** The task succeeded or failed: it no longer loads its partition. */
  void settled(String taskId) {
    Placed p = placed.remove(taskId);
    if (p != null) {
      unfinished[p.partition()] -= p.rows();
    }
  }

  /**
   * The partition with the fewest unfinished rows of the member with the fewest (ties: the first
   * listed), or of every partition in {@code spreadOrder} when no member is known.
   */
  static int choose(List<List<Integer>> members, long[] unfinished, List<Integer> spreadOrder) {
    List<Integer> candidates =
        members.stream()
            .min(Comparator.comparingLong(m -> m.stream().mapToLong(p -> unfinished[p]).sum()))
            .orElse(spreadOrder);
    return candidates.stream().min(Comparator.comparingLong(p -> unfinished[p])).orElseThrow();
  }

  /**
   * Takes the read of the group that has come back (the first placement waits for it), and starts
   * the next once the TTL has passed since the last one started.
   */
  private void refreshMembers() {
    if (describeRefused) {
      return;
    }
    if (reading != null && (reading.isDone() || !everTaken)) {
      take(reading);
      reading = null;
      everTaken = true;
    }
    long now = System.nanoTime();
    if (reading == null && now - readStartedAt >= MEMBERS_TTL_NANOS) {
      startRead(now);
    }
  }

  private void startRead(long now) {
    readStartedAt = now;
    reading = admin.describeConsumerGroups(List.of(group)).describedGroups().get(group);
  }

  /** Which partitions of the tasks topic each live worker holds, as the read found them. */
  private void take(KafkaFuture<ConsumerGroupDescription> read) {
    try {
      ConsumerGroupDescription description = read.get(DESCRIBE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
      List<List<Integer>> owners = new ArrayList<>();
      for (MemberDescription member : description.members()) {
        List<Integer> owned =
            member.assignment().topicPartitions().stream()
                .filter(tp -> tp.topic().equals(topic) && tp.partition() < unfinished.length)
                .map(TopicPartition::partition)
                .sorted()
                .toList();
        if (!owned.isEmpty()) {
          owners.add(owned);
        }
      }
      members = owners;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof org.apache.kafka.common.errors.AuthorizationException) {
        describeRefused = true;
        log.info(
            "may not describe consumer group {}: tasks spread over all partitions instead", group);
      }
      members = List.of(); // no group yet, or a rebalance: spread until the next read
    } catch (TimeoutException e) {
      members = List.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      members = List.of();
    }
  }

  /**
   * Partitions 0..n-1 in bit-reversed order (0, n/2, n/4, 3n/4, ...): consecutive tasks land in
   * different halves, then different quarters, of the range.
   */
  static List<Integer> spreadOrder(int n) {
    int bits = Math.max(1, 32 - Integer.numberOfLeadingZeros(n - 1));
    List<Integer> order = new ArrayList<>(n);
    for (int i = 0; i < 1 << bits; i++) {
      int p = Integer.reverse(i) >>> (32 - bits);
      if (p < n) {
        order.add(p);
      }
    }
    return order;
  }

  @Override
  public void close() {
    admin.close(java.time.Duration.ofSeconds(2));
  }
}
