// The HTML pages of a batch (--html with --batch): each pair's own page
// beside its report (its extension .html), and one page for the batch, a
// sortable table of the pairs, each row linking its pair's page.
#pragma once

#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "batch_summary.h"

namespace vmaf::tools {

class BatchPages {
public:
    // `page`: the batch's page. `pools`: the report names of --pool's pools.
    // `pictures`: the frames each pair's page shows.
    BatchPages(std::filesystem::path page, std::vector<std::string> pools,
               session::PictureChoice pictures);

    // The pair's page (when it scored) and its row. Thread safe.
    void add(const BatchJob &j, const BatchOutcome &outcome);
    // The batch's page; false with `error` set when a page could not be
    // written.
    bool finish(std::string &error);

private:
    std::filesystem::path page_;
    std::vector<std::string> pools_, columns_;
    session::PictureChoice pictures_;
    std::mutex mutex_;
    std::map<unsigned, session::BatchReportRow> rows_;
    std::string error_; // the first page that could not be written
};

} // namespace vmaf::tools
