package io.spate.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A server's CPU is its process's times and its children's, live or reaped: here this JVM stands
 * for the server (as the postmaster does), a shell it starts for a backend.
 */
class ServerCpuTest {

  @Test
  void readsTheFieldsAfterACommandNameHoldingSpacesAndParentheses() {
    ServerCpu.Stat stat =
        ServerCpu.Stat.parse(
            "4242 (postgres: a) (b) S 2201 2201 2201 0 -1 4194560 912 0 0 0 31 7 5 3 20 0 1 0"
                + " 899110 2654208 405\n");
    assertEquals(new ServerCpu.Stat("postgres: a) (b", 2201, 31, 7, 5, 3), stat);
    assertEquals(38, stat.ownTicks());
    assertEquals(8, stat.reapedTicks());
  }

  @Test
  void isAbsentWithItsReasonWhenTheUrlNamesAnotherMachine() {
    ServerCpu cpu = ServerCpu.find(new BenchDb("jdbc:postgresql://192.0.2.1:5432/postgres", "u"));
    assertEquals("the server's host 192.0.2.1 is not an address of this machine", cpu.absent());
    assertTrue(Double.isNaN(assertDoesNotThrow(cpu::seconds)));
  }

  @Test
  void countsAChildsCpuWhileItLivesAndAfterItIsReaped() throws Exception {
    // the same tick rate on both sides of the comparison, whatever getconf CLK_TCK says
    ServerCpu server = ServerCpu.of(ProcessHandle.current().pid(), 100);
    double before = server.seconds();
    Process child =
        new ProcessBuilder(
                "sh",
                "-c",
                "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; cat /proc/$$/stat; exec sleep 60")
            .start();
    double childSeconds;
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      childSeconds = ServerCpu.Stat.parse(out.readLine()).ownTicks() / 100.0;
      assertTrue(childSeconds >= 0.1, "the shell's loop took " + childSeconds + " s of CPU");
      double live = server.seconds() - before;
      assertTrue(
          live >= childSeconds, live + " s counted, the live child alone spent " + childSeconds);
    } finally {
      child.destroy();
      child.waitFor(); // this JVM reaps it: its times move into our cutime and cstime
    }
    double reaped = server.seconds() - before;
    assertTrue(
        reaped >= childSeconds,
        reaped + " s counted, the reaped child alone spent " + childSeconds);
  }
}
