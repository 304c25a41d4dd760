package io.spate.protocol.plan;

/**
 * Where dates and timestamps lie when nothing (the config, a CHECK, a profile) bounds them: in the
 * ten years before {@link #END_DAY}, a fixed recent date rather than the clock, so no {@code
 * created_at} lies in the future and a plan's bytes never depend on the day it is made. A CHECK
 * that names the clock ({@code <= now()}) is pinned to the planning instant instead, by the
 * planner.
 */
public final class DefaultTimes {

  private DefaultTimes() {}

  /** 2016-01-01, in days since 2000-01-01 (PostgreSQL's epoch): the first default day. */
  public static final long FIRST_DAY = 5_844;

  /** 2026-01-01, in days since 2000-01-01: default dates and times lie before it. */
  public static final long END_DAY = 9_497;

  public static final long MICROS_PER_DAY = 86_400_000_000L;
}
