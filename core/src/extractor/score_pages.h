// The per-frame scores of a run, a column per key, in pages of kPageFrames
// frames. However long the run, memory holds a bounded number of pages: past
// the budget the least recently used page goes to an unlinked temporary file
// and comes back when it is touched again (ADR 0058). Not thread safe: the
// collector locks around it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace vmaf {

class ScorePages {
  public:
    static constexpr size_t kPageFrames = 4096;
    // Pages kept in memory at least; with many keys, two per column, so that
    // reading frame after frame over every key never pages.
    static constexpr size_t kMinResident = 64;

    size_t add_column();
    // One past the highest frame written in `column` (0: none).
    size_t size(size_t column) const { return columns_[column].size; }
    // Nothing where the frame has no value. Throws std::system_error where a
    // page cannot be read back from the file: no score is ever made up.
    std::optional<double> get(size_t column, size_t index);
    void set(size_t column, size_t index, double value);
    // `column` as long as `n` frames at least, those past its last value
    // without values.
    void extend(size_t column, size_t n)
    {
        columns_[column].size = std::max(columns_[column].size, n);
    }

    size_t resident_pages() const { return resident_.size(); }
    size_t pages_in_file() const { return static_cast<size_t>(next_slot_); }
    // The budget of resident pages (for tests: a small one pages sooner).
    void set_budget(size_t pages) { budget_ = pages; }

  private:
    struct Page {
        std::unique_ptr<double[]> values; // null: not resident
        int64_t slot = -1;                // its place in the file, once written
        bool dirty = false;               // changed since the file's copy
        uint64_t used = 0;                // when last touched
    };
    struct Column {
        std::vector<Page> pages;
        size_t size = 0;
    };

    double *page(size_t column, size_t index, bool writing);
    void make_room();
    bool write_out(Page &p);

    std::vector<Column> columns_;
    // Resident pages, the least recently used found by a scan: the list is
    // as long as the budget.
    struct Resident {
        size_t column, page;
    };
    std::vector<Resident> resident_;
    uint64_t clock_ = 0;
    size_t budget_ = kMinResident;
    // The temporary file, opened on the first page out, closed with the
    // pages (unlinked: nothing is left behind, even after a kill).
    struct File {
        int fd = -1;
        File() = default;
        File(const File &) = delete;
        File &operator=(const File &) = delete;
        ~File();
    } file_;
    int64_t next_slot_ = 0;
    bool file_failed_ = false; // no file could be written: pages stay in memory
};

} // namespace vmaf
