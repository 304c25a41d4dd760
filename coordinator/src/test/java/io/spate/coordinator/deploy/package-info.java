/**
 * Checks of {@code deploy/} against the code, without Docker or a cluster: the entry point script
 * runs with a real JDK and the real jars, the compose file and the Kubernetes manifests are parsed
 * (the manifests into fabric8's typed objects), and every container's arguments go through the real
 * command line parser, so a port, an option or an environment name the code does not have fails the
 * build.
 */
package io.spate.coordinator.deploy;
