import Foundation
@testable import LarderServe
@testable import LarderTestSupport
import Testing

/// `larder serve` notices Cooklang files wherever the loader finds them.
@Suite struct CooklangWatchTests {
    @Test func theWatcherLooksAtCooklangFilesAndPicturesInTheirFolders() throws {
        let folder = try TestFolder()
        try folder.write("Breakfast/Easy Pancakes.cook", "Mix.\n")
        try folder.write("Breakfast/Easy Pancakes.jpg", [0xFF, 0xD8, 0xFF])
        try folder.write("Breakfast/notes.txt", "not Larder's\n")
        try folder.write("Plans/Week 1.menu", "Shop.\n")
        try folder.write("_site/.larder-site", "")
        try folder.write("_site/copy.cook", "Mix.\n")
        let watcher = FolderWatcher(root: folder.url.path, polling: true)
        let before = watcher.look()
        #expect(before.keys.filter { !$0.hasPrefix("lists/") && !$0.hasPrefix("recipes/") }.sorted() == [
            "Breakfast/Easy Pancakes.cook", "Breakfast/Easy Pancakes.jpg", "Plans/Week 1.menu",
        ])
        try folder.write("Breakfast/Toast.cook", "Toast.\n")
        #expect(FolderWatcher.changes(from: before, to: watcher.look()) == ["Breakfast/Toast.cook"])
    }
}
