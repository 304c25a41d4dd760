package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.testing.TestBroker;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.message.Topics;
import io.spate.protocol.plan.FillPlan;
import io.spate.worker.kafka.JobCache;
import io.spate.worker.kafka.KafkaSettings;
import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** A job's record on a real broker, as the coordinator publishes it and a worker reads it. */
class JobRecordIT {

  @Test
  void aJobOfTwoThousandTablesIsPublishedAndReadWithNoKafkaSetting() throws Exception {
    FillPlan plan = JobRecordSizeTest.peopleAndThings(2000);
    JobMessage job =
        new JobMessage(
            Messages.VERSION, "big2000", "default", plan, JobMessage.State.RUNNING, null, 1L);
    byte[] record = Messages.encode(job);
    assertTrue(record.length > 1_048_576, "past Kafka's default record size: " + record.length);
    KafkaSettings kafka =
        new KafkaSettings(
            TestBroker.shared().bootstrapServers(),
            new Properties(),
            Topics.DEFAULT.prefixed(TestBroker.uniqueTopicPrefix()));
    kafka.ensureTopics();

    Properties p = DistributedFill.producerProperties(kafka);
    try (var producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
      producer.send(new ProducerRecord<>(kafka.topics().jobs(), job.jobId(), record)).get();
    }
    try (JobCache jobs = new JobCache(kafka)) {
      assertEquals(job, jobs.await(job.jobId(), Duration.ofSeconds(30)));
    }
  }
}
