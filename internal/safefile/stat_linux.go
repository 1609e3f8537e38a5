//go:build linux

package safefile

import "syscall"

// statFile stats path (following symbolic links) with one system call and
// no allocation: the store reads tens of thousands of files.
func statFile(path string) (fileInfo, error) {
	var st syscall.Stat_t
	for {
		err := syscall.Stat(path, &st)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return fileInfo{}, err
		}
		break
	}
	return infoOf(&st), nil
}

// infoOf is what a read needs of a stat.
func infoOf(st *syscall.Stat_t) fileInfo {
	fi := fileInfo{size: st.Size, dev: st.Dev, ino: st.Ino, mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano()}
	switch st.Mode & syscall.S_IFMT {
	case syscall.S_IFREG:
		fi.regular = true
	case syscall.S_IFIFO:
		fi.kind = "named pipe (FIFO)"
	case syscall.S_IFCHR:
		fi.kind = "character device"
	case syscall.S_IFBLK:
		fi.kind = "block device"
	case syscall.S_IFSOCK:
		fi.kind = "socket"
	case syscall.S_IFDIR:
		fi.kind = "directory"
	default:
		fi.kind = "irregular file"
	}
	return fi
}

// openListed opens path for reading, non-blocking, without following a
// symbolic link (errIsLink) and without making a terminal the controlling
// one, and stats what it opened.
func openListed(path string) (rawFile, fileInfo, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK|syscall.O_NOCTTY|syscall.O_NOFOLLOW, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err == syscall.ELOOP {
		return 0, fileInfo{}, errIsLink
	}
	if err != nil {
		return 0, fileInfo{}, err
	}
	var st syscall.Stat_t
	for {
		err = syscall.Fstat(fd, &st)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		syscall.Close(fd)
		return 0, fileInfo{}, err
	}
	return rawFile(fd), infoOf(&st), nil
}
