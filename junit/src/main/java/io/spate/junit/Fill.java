package io.spate.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Fills the test's database before its tests run: on a class, once before all its tests; on a
 * method, before that test. The database is a field of the test class: a {@code DataSource}, or a
 * JDBC container of Testcontainers (anything with {@code getJdbcUrl()}, {@code getUsername()} and
 * {@code getPassword()}, started by {@code @Testcontainers}, which must then be declared before
 * {@code @Fill}). A class-level fill needs a static field, set where it is declared: JUnit runs
 * {@code @BeforeAll} methods after extensions. The tables must exist; the fill checks and fills
 * them as {@code spate local} does.
 *
 * <p>Unless {@link #reuse} is false, a fill the database already holds is skipped: the ledger
 * records this very plan (same schema, config and seed) and the tables still hold its row counts. A
 * test method may take the {@link io.spate.api.FillResult} as a parameter.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(FillExtension.class)
public @interface Fill {

  /** {@link #seed}'s default: the config's seed, else Spate's default. */
  long CONFIG_SEED = Long.MIN_VALUE;

  /** The config, {@code fill.yaml}: a classpath resource, else a file path; none by default. */
  String config() default "";

  /** Root tables' row counts, {@code "TABLE=N"} ({@code --rows}). */
  String[] rows() default {};

  /** The job seed ({@code --seed}). */
  long seed() default CONFIG_SEED;

  /** The schemas to fill ({@code --schema}); none: every schema that holds tables. */
  String[] schemas() default {};

  /** Threads that load at once; 0: Spate's default ({@code --threads}). */
  int threads() default 0;

  /**
   * Skips a fill the database already holds; false empties the tables and fills them every time.
   */
  boolean reuse() default true;

  /** The field that holds the database, when the class has several. */
  String field() default "";
}
