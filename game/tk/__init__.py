"""The Tk front end: the window, its board canvas and the file-dialog child process."""
