/* mapcheck_launch.h: the launcher of mapcheck's execution oracle (no NVIDIA text), included by
 * mapcheck_host.h (before the user's text, whose macros must not reach it). The driver the
 * oracle appends to the user's text defines `__mc::shared_slots` and calls `__mc::drive` with
 * the table of the file's kernels.
 *
 * The program's arguments (all `KEY=VALUE`; the Rust side writes them):
 *   kernel=NAME  grid=X,Y,Z  block=X,Y,Z  dynamic=BYTES  elems=N  init=zero|random
 *   seed=N  default=V  pI=V (the value of the kernel's I-th parameter, from 0)
 *
 * Every pointer parameter points into a fresh buffer of its own: `elems` elements, with as
 * many again mapped (zero) before and after it, so that an index a little out of bounds stays
 * in the buffer's own mapping. Scalars get `pI`, else `default`. A parameter of class type is
 * value-initialised (its pointer fields are null). */
#ifndef MAPCHECK_LAUNCH_H
#define MAPCHECK_LAUNCH_H

namespace __mc {

struct Config {
  const char *kernel = nullptr;
  unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  std::size_t dynamic = 0, elems = 4096;
  bool random = false;
  unsigned long long seed = 1;
  std::string fallback = "0";
  std::map<unsigned, std::string> params;
  /* The parameters' names (`qI=NAME`), and values of scalar fields of class-type parameters
   * by mapcheck's name for them, `PARAM_FIELD` (`n:e_width=16`). */
  std::map<unsigned, std::string> names;
  std::map<std::string, std::string> named;
};

[[noreturn]] inline void usage(const char *what) {
  std::fprintf(stderr, "MC-USAGE %s\n", what);
  ::_exit(EXIT_USAGE);
}

inline void parse_dims(const char *s, unsigned (&d)[3]) {
  if (std::sscanf(s, "%u,%u,%u", &d[0], &d[1], &d[2]) != 3)
    usage("a dimension is X,Y,Z");
}

inline Config parse(int argc, char **argv) {
  Config c;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    auto eq = a.find('=');
    if (eq == std::string::npos)
      usage("arguments are KEY=VALUE");
    std::string k = a.substr(0, eq);
    const char *v = argv[i] + eq + 1;
    if (k == "kernel")
      c.kernel = v;
    else if (k == "grid")
      parse_dims(v, c.grid);
    else if (k == "block")
      parse_dims(v, c.block);
    else if (k == "dynamic")
      c.dynamic = std::strtoull(v, nullptr, 10);
    else if (k == "elems")
      c.elems = std::strtoull(v, nullptr, 10);
    else if (k == "init")
      c.random = std::string(v) == "random";
    else if (k == "seed")
      c.seed = std::strtoull(v, nullptr, 10);
    else if (k == "default")
      c.fallback = v;
    else if (k.rfind("n:", 0) == 0)
      c.named[k.substr(2)] = v;
    else if (k.size() > 1 && k[0] == 'q')
      c.names[(unsigned)std::strtoul(k.c_str() + 1, nullptr, 10)] = v;
    else if (k.size() > 1 && k[0] == 'p')
      c.params[(unsigned)std::strtoul(k.c_str() + 1, nullptr, 10)] = v;
    else
      usage("unknown argument");
  }
  if (!c.kernel)
    usage("no kernel= given");
  return c;
}

inline unsigned long long next_random(unsigned long long &s) {
  s ^= s << 13;
  s ^= s >> 7;
  s ^= s << 17;
  return s;
}

inline void *map_zero(std::size_t bytes) {
  void *p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    usage("cannot map memory");
  return p;
}

/* `bytes` of zeroed memory between two inaccessible guard zones (an access far out of bounds
 * crashes instead of landing in other memory), announced as a region of the kernel's memory:
 * the Rust side counts only races inside regions (or on global variables). */
constexpr std::size_t GUARD = std::size_t(1) << 24;
inline char *region(std::size_t bytes) {
  void *p = ::mmap(nullptr, bytes + 2 * GUARD, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    usage("cannot map memory");
  char *start = static_cast<char *>(p) + GUARD;
  if (::mprotect(start, bytes, PROT_READ | PROT_WRITE) != 0)
    usage("cannot map memory");
  std::fprintf(stderr, "MC-REGION %p %p\n", (void *)start, (void *)(start + bytes));
  return start;
}

inline std::size_t page_round(std::size_t n) { return (n + 4095) / 4096 * 4096; }

/* The value of a scalar parameter. */
template <class T> inline T scalar(const std::string &text) {
  if constexpr (std::is_floating_point_v<T>) {
    return (T)std::strtod(text.c_str(), nullptr);
  } else if constexpr (std::is_enum_v<T>) {
    return (T)std::strtoll(text.c_str(), nullptr, 0);
  } else if constexpr (std::is_same_v<T, bool>) {
    return std::strtoll(text.c_str(), nullptr, 0) != 0;
  } else if constexpr (std::is_unsigned_v<T>) {
    return (T)std::strtoull(text.c_str(), nullptr, 0);
  } else {
    return (T)std::strtoll(text.c_str(), nullptr, 0);
  }
}

template <class C> constexpr std::size_t cell_size() {
  if constexpr (std::is_void_v<C>)
    return 1;
  else
    return sizeof(C);
}

/* A fresh buffer of `elems` cells of T, zero or random. */
template <class T> inline T *buffer(Config &c, unsigned index) {
  using C = std::remove_cv_t<T>;
  constexpr std::size_t size = cell_size<C>();
  std::size_t span = page_round(c.elems * size);
  char *start = region(3 * span) + span;
  /* Bounds run: the margins are out of bounds. */
  __MC_POISON(start - span, span);
  __MC_POISON(start + c.elems * size, 2 * span - c.elems * size);
  if (c.random) {
    unsigned long long s = c.seed * 0x9e3779b97f4a7c15ull + index + 1;
    if constexpr (std::is_floating_point_v<C>) {
      C *cells = reinterpret_cast<C *>(start);
      for (std::size_t i = 0; i < c.elems; i++)
        cells[i] = (C)(next_random(s) % 1024) / (C)1024;
    } else if constexpr (std::is_integral_v<C> && !std::is_same_v<C, bool>) {
      /* Small values, so that an index read from memory stays in the buffers. */
      C *cells = reinterpret_cast<C *>(start);
      std::size_t bound = c.elems < 64 ? c.elems : 64;
      for (std::size_t i = 0; i < c.elems; i++)
        cells[i] = (C)(next_random(s) % (bound ? bound : 1));
    }
  }
  return reinterpret_cast<T *>(start);
}

template <class A> inline A argument(Config &c, unsigned index) {
  auto given = c.params.find(index);
  const std::string &text = given != c.params.end() ? given->second : c.fallback;
  if constexpr (std::is_pointer_v<A>) {
    return buffer<std::remove_pointer_t<A>>(c, index);
  } else if constexpr (std::is_arithmetic_v<A> || std::is_enum_v<A>) {
    return scalar<A>(text);
  } else {
    std::fprintf(stderr, "MC-NOTE parameter %u of class type is value-initialised\n", index);
    return A{};
  }
}

/* A field of a parameter of class type (the rewrite writes one call per field, `path` the
 * fields' names joined by `_`): a pointer gets a fresh buffer, a scalar its value by mapcheck's
 * name `PARAM_PATH`, else the launch's default; anything else stays value-initialised. */
template <class F> inline void fill(F &field, Config &c, unsigned index, const char *path) {
  if constexpr (std::is_pointer_v<F>) {
    field = buffer<std::remove_pointer_t<F>>(c, 1000 + index);
  } else if constexpr (std::is_arithmetic_v<F> || std::is_enum_v<F>) {
    auto given = c.named.find(c.names[index] + "_" + path);
    field = scalar<F>(given != c.named.end() ? given->second : c.fallback);
  }
}

/* The runtime's own structs that kernels take by value. */
template <> inline cudaExtent argument<cudaExtent>(Config &c, unsigned index) {
  cudaExtent e{};
  fill(e.width, c, index, "width");
  fill(e.height, c, index, "height");
  fill(e.depth, c, index, "depth");
  return e;
}
template <> inline cudaPitchedPtr argument<cudaPitchedPtr>(Config &c, unsigned index) {
  cudaPitchedPtr p{};
  fill(p.ptr, c, index, "ptr");
  fill(p.pitch, c, index, "pitch");
  fill(p.xsize, c, index, "xsize");
  fill(p.ysize, c, index, "ysize");
  return p;
}

struct Thread {
  Block *block;
  Warp *warp;
  unsigned lane;
  uint3 tid, bid;
  unsigned linear_block, linear_thread;
  const std::function<void()> *body;
  pthread_barrier_t *gate;
};

inline dim3 dims(const unsigned (&d)[3]) { return dim3(d[0], d[1], d[2]); }
inline dim3 launch_grid, launch_block;

inline void *thread_main(void *p) {
  Thread &t = *static_cast<Thread *>(p);
  block_ = t.block;
  warp_ = t.warp;
  lane_ = t.lane;
  threadIdx = t.tid;
  blockIdx = t.bid;
  blockDim = launch_block;
  gridDim = launch_grid;
  char name[16];
  std::snprintf(name, sizeof name, "b%ut%u", t.linear_block, t.linear_thread);
  pthread_setname_np(pthread_self(), name);
  pthread_barrier_wait(t.gate);
  (*t.body)();
  t.warp->barrier.exit();
  t.block->barrier.exit();
  grid_barrier_->exit();
  return nullptr;
}

/* Runs `body` (the kernel called with its arguments) once per CUDA thread of the launch. */
inline int run(const Config &c, const std::function<void()> &body) {
  launch_grid = dims(c.grid);
  launch_block = dims(c.block);
  std::size_t nblocks = (std::size_t)c.grid[0] * c.grid[1] * c.grid[2];
  std::size_t per_block = (std::size_t)c.block[0] * c.block[1] * c.block[2];
  std::size_t total = nblocks * per_block;
  if (total == 0)
    usage("an empty launch");
  std::size_t warps_per_block = (per_block + 31) / 32;
  std::vector<Block> blocks(nblocks);
  std::vector<std::vector<Warp>> warps(nblocks);
  std::size_t arena = (std::size_t)(shared_slots + 1) * SLOT + page_round(c.dynamic) + SLOT_OFFSET;
  for (std::size_t b = 0; b < nblocks; b++) {
    blocks[b].barrier.n = (unsigned)per_block;
    blocks[b].shared = region(arena);
    /* Bounds run: every static slot is out of bounds until `shared<T>` names its variable. */
    __MC_POISON(blocks[b].shared, (std::size_t)shared_slots * SLOT + SLOT_OFFSET);
    warps[b] = std::vector<Warp>(warps_per_block);
    for (std::size_t w = 0; w < warps_per_block; w++) {
      std::size_t lanes = per_block - w * 32 < 32 ? per_block - w * 32 : 32;
      Warp &wp = warps[b][w];
      wp.lanes = (unsigned)lanes;
      wp.present = lanes == 32 ? 0xffffffffu : ((1u << lanes) - 1);
      wp.barrier.n = (unsigned)lanes;
      for (int k = 0; k < 2; k++) {
        wp.ex.written[k].store(0, std::memory_order_relaxed);
        wp.ex.read[k].store(0, std::memory_order_relaxed);
        for (int l = 0; l < 32; l++)
          wp.ex.slot[k][l].store(0, std::memory_order_relaxed);
      }
    }
    blocks[b].warps = &warps[b];
  }
  Barrier grid;
  grid.n = (unsigned)total;
  grid_barrier_ = &grid;
  pthread_barrier_t gate;
  pthread_barrier_init(&gate, nullptr, (unsigned)total);
  std::vector<Thread> threads(total);
  std::vector<pthread_t> handles(total);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, std::size_t(1) << 18);
  std::size_t i = 0;
  for (unsigned bz = 0; bz < c.grid[2]; bz++)
    for (unsigned by = 0; by < c.grid[1]; by++)
      for (unsigned bx = 0; bx < c.grid[0]; bx++) {
        std::size_t lb = ((std::size_t)bz * c.grid[1] + by) * c.grid[0] + bx;
        for (unsigned tz = 0; tz < c.block[2]; tz++)
          for (unsigned ty = 0; ty < c.block[1]; ty++)
            for (unsigned tx = 0; tx < c.block[0]; tx++) {
              std::size_t lt = ((std::size_t)tz * c.block[1] + ty) * c.block[0] + tx;
              threads[i] = Thread{&blocks[lb], &warps[lb][lt / 32], (unsigned)(lt % 32),
                                  uint3{tx, ty, tz}, uint3{bx, by, bz}, (unsigned)lb,
                                  (unsigned)lt, &body, &gate};
              if (pthread_create(&handles[i], &attr, thread_main, &threads[i]) != 0)
                usage("cannot create a thread");
              i++;
            }
      }
  for (auto &h : handles)
    pthread_join(h, nullptr);
  std::fprintf(stderr, "MC-DONE\n");
  return 0;
}

struct Entry {
  const char *name;
  std::function<int(Config &)> launch;
};

template <class... A> inline Entry entry(const char *name, void (*k)(A...)) {
  return Entry{name, [k](Config &c) {
                 unsigned index = 0;
                 /* Braced initialisation evaluates the arguments in order. */
                 std::tuple<A...> args{argument<A>(c, index++)...};
                 std::function<void()> body = [k, &args]() { std::apply(k, args); };
                 return run(c, body);
               }};
}

inline int drive(int argc, char **argv, std::initializer_list<Entry> kernels) {
  Config c = parse(argc, argv);
  for (const Entry &e : kernels)
    if (std::strcmp(e.name, c.kernel) == 0)
      return e.launch(c);
  usage("no such kernel");
}

} // namespace __mc

#endif
