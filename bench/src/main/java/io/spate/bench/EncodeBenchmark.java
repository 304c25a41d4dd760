package io.spate.bench;

import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.protocol.seed.Seeds;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The binary COPY encoder alone, per field: each invocation rewinds one reused writer and appends
 * {@link #FIELDS} fields of one kind from precomputed values (so nothing folds to a constant and no
 * generation cost is mixed in). The writer's buffer is preallocated: no growth is measured.
 *
 * <p>Numbers and strings live in separate states, so only the string methods run per {@code
 * length}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EncodeBenchmark {

  static final int FIELDS = 1024;

  /** Space for FIELDS fields of up to 128 bytes and their length words, and then some. */
  private static final int BUFFER_BYTES = 256 * 1024;

  @State(Scope.Thread)
  public static class Numbers {
    final CopyBinaryWriter out = new CopyBinaryWriter(BUFFER_BYTES);
    final int[] ints = new int[FIELDS];
    final long[] longs = new long[FIELDS];

    /** numeric(12,2) values, unscaled: 0.00 .. 9,999,999,999.99. */
    final long[] unscaled = new long[FIELDS];

    @Setup
    public void setup() {
      for (int i = 0; i < FIELDS; i++) {
        long h = Seeds.mix(i);
        ints[i] = (int) Seeds.below(h, 1_000_001);
        longs[i] = h;
        unscaled[i] = Seeds.below(Seeds.mix(h), 1_000_000_000_000L);
      }
    }
  }

  @State(Scope.Thread)
  public static class Strings {
    /** Characters per value, ASCII alphanumerics as the engine generates them. */
    @Param({"16", "128"})
    public int length;

    final CopyBinaryWriter out = new CopyBinaryWriter(BUFFER_BYTES);
    String[] texts;
    byte[][] bytes;

    @Setup
    public void setup() {
      byte[] alphabet =
          "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
              .getBytes(StandardCharsets.US_ASCII);
      texts = new String[FIELDS];
      bytes = new byte[FIELDS][];
      for (int i = 0; i < FIELDS; i++) {
        byte[] value = new byte[length];
        for (int j = 0; j < length; j++) {
          value[j] = alphabet[(int) Seeds.below(Seeds.draw(Seeds.mix(i), j), alphabet.length)];
        }
        bytes[i] = value;
        texts[i] = new String(value, StandardCharsets.US_ASCII);
      }
    }
  }

  @Benchmark
  @OperationsPerInvocation(FIELDS)
  public int writeInt4(Numbers s) {
    CopyBinaryWriter out = s.out;
    out.reset();
    for (int i = 0; i < FIELDS; i++) {
      out.writeInt4(s.ints[i]);
    }
    return out.size();
  }

  @Benchmark
  @OperationsPerInvocation(FIELDS)
  public int writeInt8(Numbers s) {
    CopyBinaryWriter out = s.out;
    out.reset();
    for (int i = 0; i < FIELDS; i++) {
      out.writeInt8(s.longs[i]);
    }
    return out.size();
  }

  @Benchmark
  @OperationsPerInvocation(FIELDS)
  public int writeNumeric(Numbers s) {
    CopyBinaryWriter out = s.out;
    out.reset();
    for (int i = 0; i < FIELDS; i++) {
      out.writeNumeric(s.unscaled[i], 2);
    }
    return out.size();
  }

  @Benchmark
  @OperationsPerInvocation(FIELDS)
  public int writeText(Strings s) {
    CopyBinaryWriter out = s.out;
    out.reset();
    for (int i = 0; i < FIELDS; i++) {
      out.writeText(s.texts[i]);
    }
    return out.size();
  }

  @Benchmark
  @OperationsPerInvocation(FIELDS)
  public int writeBytes(Strings s) {
    CopyBinaryWriter out = s.out;
    out.reset();
    for (int i = 0; i < FIELDS; i++) {
      byte[] value = s.bytes[i];
      out.writeBytes(value, 0, value.length);
    }
    return out.size();
  }
}
