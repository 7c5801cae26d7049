package io.browserflow.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How every JMH benchmark of this module measures (JMH's annotations are inherited): one state per
 * benchmark, three warm-up and five measured iterations of 2 s in one fork, times in microseconds.
 * Each benchmark chooses its own {@code @BenchmarkMode}.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public abstract class MicroBenchmark {
}
