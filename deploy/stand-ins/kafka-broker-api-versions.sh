#!/bin/sh
# As the real image's script: the broker's API versions (the compose file's health check).
exec java -Xmx128m -cp '/opt/kafka/libs/*' org.apache.kafka.tools.BrokerApiVersionsCommand "$@"
