/* Generator of glibc-printf-g.txt: gcc -O1 -o gen glibc-printf-g.c -lm && ./gen > glibc-printf-g.txt
 * (glibc 2.36, Debian 12). Each line: "d <double bits> <%.14g>" or "f <float bits> <%.7g of the float widened>". */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <math.h>
static uint64_t s = 0x2545F4914F6CDD1DULL;
static uint64_t next(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
static void d(double x) { uint64_t b; memcpy(&b, &x, 8); if (isfinite(x)) printf("d %016llx %.14g\n", (unsigned long long) b, x); }
static void f(float x) { uint32_t b; memcpy(&b, &x, 4); if (isfinite(x)) printf("f %08x %.7g\n", b, (double) x); }
int main(void) {
  for (int i = 0; i < 600; i++) { uint64_t b = next(); double x; memcpy(&x, &b, 8); d(x); }
  for (int i = 0; i < 600; i++) { uint32_t b = (uint32_t) next(); float x; memcpy(&x, &b, 4); f(x); }
  for (int i = 0; i < 300; i++) { double x = ((int64_t)(next() % 2000001) - 1000000) / 1000.0; d(x); f((float) x); }
  for (int i = 0; i < 300; i++) { int e = (int)(next() % 60) - 30; double x = (double)(next() % 1000000007) * pow(10, e); d(x); f((float) x); }
  /* exact ties at the last printed digit, and powers of two and ten around the notation switch */
  for (int i = 0; i < 200; i++) { f((float)(10000000 + (int)(next() % 6777216))); d((double)(next() % (1ULL << 53))); }
  for (int e = -330; e <= 310; e++) { d(pow(10, e)); d(-pow(10, e) * 9.99999999999999); d(pow(10, e) * 0.5); }
  for (int e = -150; e <= 128; e++) { f((float) ldexp(1, e)); f((float) ldexp(1.5, e)); f((float) pow(10, e / 3)); }
  for (int e = -1074; e <= 1023; e += 7) { d(ldexp(1, e)); d(ldexp(-1.25, e)); }
  double edges[] = {0.1, 0.125, 0.375, 1e-5, 1e-4, 9.99999999999995e-5, 99999999999999.5, 1e14, 123456789012345.0, 5e-324, 1.7976931348623157e308, 2.5, 0.5, 1.5};
  for (unsigned i = 0; i < sizeof edges / sizeof *edges; i++) { d(edges[i]); d(-edges[i]); f((float) edges[i]); }
  return 0;
}
