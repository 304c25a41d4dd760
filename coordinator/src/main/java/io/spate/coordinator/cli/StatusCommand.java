package io.spate.coordinator.cli;

import io.spate.coordinator.submit.JobStatus;
import io.spate.engine.settings.SettingsHelp;
import io.spate.worker.kafka.KafkaOptions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code spate status [JOB]}: jobs and their progress, read from the topics. */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = "Shows jobs and their progress from Kafka.",
    footer = SettingsHelp.NO_DATABASE)
final class StatusCommand implements Callable<Integer> {

  @Mixin KafkaOptions kafka;

  @Parameters(arity = "0..1", paramLabel = "JOB", description = "Only this job")
  String jobId;

  @Override
  public Integer call() {
    var settings = kafka.settings();
    settings.ensureTopics();
    return JobStatus.print(settings, jobId, SpateCli.Streams.out) ? 0 : 1;
  }
}
